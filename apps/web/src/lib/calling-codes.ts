/** The calling codes and the one phone formatter live in the shared package, so mail and invoices write numbers the same way. */
export * from '@app/shared/rules/calling-codes';
