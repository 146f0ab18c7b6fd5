/**
 * Character codes the XML readers compare with (as numbers: they read every character of a file of
 * megabytes), shared by the plain reading, the runtime reader's check and the well-formedness
 * explainer.
 */
export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const BANG = 33;
export const QUOTE = 34;
export const AMP = 38;
export const APOSTROPHE = 39;
export const DASH = 45;
export const DOT = 46;
export const SLASH = 47;
export const LT = 60;
export const EQUALS = 61;
export const GT = 62;
export const QUESTION = 63;
export const UNDERSCORE = 95;

/** XML's whitespace: space, tab, line feed, carriage return. */
export const isXmlSpace = (c: number) => c === SPACE || c === LF || c === CR || c === TAB;
