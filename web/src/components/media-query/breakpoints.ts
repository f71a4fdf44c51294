// Spec section 2, responsive breakpoints: xs under 600 px, sm 600-959, md 960-1279, lg 1280-1919, xl 1920 up.
export const MEDIA_XS = '(max-width: 599.98px)';
/** md and up: the side menu is fixed and open from here (spec section 2). */
export const MEDIA_GT_SM = '(min-width: 960px)';
