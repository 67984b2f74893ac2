/** The side drawer's element id: the menu toggle's aria-controls points at it. */
export const DRAWER_ID = 'site-drawer';
