/**
 * The checkout and payment code loads its answers' schemas and the form's rules on first use
 * (decision 226). A test file that drives those pages loads them once before its tests, so a first
 * test's waiting time is not spent transforming zod and the contracts.
 */
export async function loadLazyContracts(): Promise<void> {
  await Promise.all([
    import('@app/shared/contracts/checkout'),
    import('@app/shared/contracts/orders'),
    import('@app/shared/contracts/payments'),
    import('../features/checkout/checkout-validation'),
  ]);
}
