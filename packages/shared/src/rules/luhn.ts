/**
 * The Luhn (mod 10) check digit that card numbers and SIM ICCIDs (ITU-T E.118) carry. One
 * implementation for the card form, the SIM number rules and the simulator's inventory.
 */

/** Sum of the digits with every second one from the right doubled, as Luhn defines it. */
function luhnSum(digits: string, doubleEven: boolean): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === (doubleEven ? 0 : 1)) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

/** Whether a string of digits ends in a correct Luhn check digit. */
export function isLuhnValidDigits(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** The check digit that makes `body` (digits only) Luhn-valid once appended. */
export function luhnCheckDigit(body: string): number {
  return (10 - (luhnSum(body, true) % 10)) % 10;
}
