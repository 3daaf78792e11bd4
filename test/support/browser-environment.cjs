// The browser suites' Jest environment: Node's, plus one flag the suite's pages read after each
// test (test/support/browser.ts): whether the test just run failed, so that its open pages are
// photographed for whoever reads the failure, while passing tests take no screenshot unless
// SCREENSHOTS=1 asks for all of them.
const { TestEnvironment } = require('jest-environment-node');

class BrowserSuiteEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__cymTestFailed = false;
    if (event.name === 'test_fn_failure') this.global.__cymTestFailed = event.test.name;
  }
}

module.exports = BrowserSuiteEnvironment;
