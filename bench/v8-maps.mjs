// The hidden classes ("maps") that V8 made, by the code that made them, from V8's log of an app run
// with `--log-maps --logfile=…` (`BENCH_MAPS=1 npm run bench:alloc`). Code that makes a hidden class
// on every request (on Node 20's V8, an object literal that starts with a spread and goes on) costs
// the young collector and only a full collection frees it (bench/README.md, "A hidden class per
// request").
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The log's size now: `mapSites(file, from)` counts the maps made after this point. */
export function logSize(file) {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * Map events (`map,<kind>,<time>,<from>,<to>,<pc>,<line>,<column>,<reason>,<name>`) after byte
 * `from` of the log, by kind, function (from the log's `code-creation` events: the code that holds
 * the pc), source position, reason and property name, most first.
 */
export async function mapSites(file, from = 0) {
  const code = new Map(); // start address → { size, name }
  let sorted = null;
  const codeAt = (pc) => {
    sorted ??= [...code].sort((a, b) => a[0] - b[0]);
    let low = 0;
    let high = sorted.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (sorted[middle][0] <= pc) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) return '(unknown code)';
    const [start, { size, name }] = sorted[found];
    return pc < start + size ? name : '(unknown code)';
  };
  const counts = new Map();
  let offset = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const at = offset;
    offset += Buffer.byteLength(line) + 1;
    if (line.startsWith('code-creation,')) {
      // code-creation,<type>,<kind>,<time>,<address>,<size>,<name>[,<function>,<state>]
      const fields = line.split(',');
      const name = fields
        .slice(6)
        .join(',')
        .replace(/,0x[0-9a-f]+,.*$/, '');
      code.set(Number.parseInt(fields[4], 16), { size: Number(fields[5]), name });
      sorted = null;
    } else if (line.startsWith('code-move,')) {
      const [, fromAddress, toAddress] = line.split(',');
      const moved = code.get(Number.parseInt(fromAddress, 16));
      if (moved) {
        code.delete(Number.parseInt(fromAddress, 16));
        code.set(Number.parseInt(toAddress, 16), moved);
        sorted = null;
      }
    } else if (at >= from && line.startsWith('map,')) {
      const fields = line.split(',');
      const where = codeAt(Number.parseInt(fields[5], 16))
        .replace(/(file:\/\/)?\/\S*?\/node_modules\//, '')
        .replace(/(file:\/\/)?\/\S*?\/(apps|packages)\//, '$2/');
      const key = `${fields[1]} ${where} @${fields[6]}:${fields[7]}${fields[8] ? ` ${fields[8]}` : ''}${fields[9] ? ` ${fields[9]}` : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}
