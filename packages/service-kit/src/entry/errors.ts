// Errors a use case throws and the parsing that throws them (a 4xx with a clear JSON message).
export * from '../errors.ts';
export * from '../validate.ts';
