// Stylesheets imported by web components mean nothing in jsdom: Jest maps them here.
module.exports = {};
