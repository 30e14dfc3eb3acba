import { generators } from './generators.js';
import { runRngTests } from './runner.js';

// `npm run rng:test`: every in-house generator, a million outputs per stream (OUTPUTS=<n> to change);
// exits non-zero when a test fails twice.
const outputs = Number(process.env.OUTPUTS ?? 1_000_000);
const failures = await runRngTests(generators, outputs, (line) => console.log(line));
process.exitCode = failures === 0 ? 0 : 1;
