/** The product's name: a brand, the same in every language. */
export const PRODUCT_NAME = 'Starling';
