// Types for the front-end build's catalogue loader, which the message tests call as the build does.
export declare const ICU_PARSER: string;
export default function compileCatalogue(this: { resourcePath: string }, source: string): Promise<string>;
