/**
 * Failure reasons from third parties quote what they were given: mail servers the recipient, SQL
 * errors their parameters. Logs keep the reason without people's addresses, capped in length.
 */
export function withoutAddresses(text: string): string {
  // Capped first: the pattern backtracks on long runs without an '@', and a reason needs no more.
  return text.slice(0, 500).replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]');
}
