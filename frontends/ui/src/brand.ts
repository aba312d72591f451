// The product's name, the same in every language (a name, not a message): the frames' wordmarks show it.
export const PRODUCT_NAME = 'CropVest';
