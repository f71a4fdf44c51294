// Spec section 2, responsive breakpoints: xs under 600 px, sm 600-959, md 960-1279, lg 1280-1919,
// xl 1920 up; the custom md-lg 960-1819, gt-md-lg from 1820 and lt-xmd under 1600.
export const MEDIA_XS = '(max-width: 599.98px)';
export const MEDIA_SM = '(min-width: 600px) and (max-width: 959.98px)';
export const MEDIA_MD = '(min-width: 960px) and (max-width: 1279.98px)';
export const MEDIA_LG = '(min-width: 1280px) and (max-width: 1919.98px)';
export const MEDIA_XL = '(min-width: 1920px)';
/** md and up: the side menu is fixed and open from here (spec section 2). */
export const MEDIA_GT_SM = '(min-width: 960px)';
export const MEDIA_MD_LG = '(min-width: 960px) and (max-width: 1819.98px)';
export const MEDIA_GT_MD_LG = '(min-width: 1820px)';
export const MEDIA_LT_XMD = '(max-width: 1599.98px)';
