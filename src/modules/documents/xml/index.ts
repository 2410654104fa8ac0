export { buildDocumentXml, XML_DECLARATION } from './document-xml.js';
