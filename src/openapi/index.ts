/**
 * The OpenAPI 3.1 document of the operator's API.
 */
export { openApiDocument, type OpenApiDocument } from './document';
export { controlApiDocument } from './control';
