/**
 * Header that carries an order's access token on public order endpoints. Its own module without
 * zod, so a page can send it before the order contracts are loaded (decision 226).
 */
export const ORDER_TOKEN_HEADER = 'x-order-token';
