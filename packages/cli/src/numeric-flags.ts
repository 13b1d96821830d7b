import { InvalidArgumentError } from 'commander';

/**
 * Parsers of numeric flags: a value that is not the number asked for is a usage error (exit 2)
 * naming the value, never a NaN that a command carries on with.
 */
const DECIMAL = /^\d+(\.\d+)?$/;

/** A whole number of at least `min` (1 unless said otherwise): counts, limits, milliseconds. */
export function wholeNumber(min = 1): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min) {
      throw new InvalidArgumentError(`"${value}" is not a whole number of at least ${min}.`);
    }
    return number;
  };
}

/** A number of at least 0, fractions allowed: seconds, hours. */
export function nonNegativeNumber(value: string): number {
  if (!DECIMAL.test(value.trim())) throw new InvalidArgumentError(`"${value}" is not a number of at least 0.`);
  return Number(value);
}
