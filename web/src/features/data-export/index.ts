/**
 * 'Descargar mis datos': the account's 'Tus datos' section (the page /mis-datos/{id} is reached
 * through the router's lazy route).
 */
export { DataExportSection } from './DataExportSection';
