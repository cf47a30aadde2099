// Time ONNX Runtime (onnxruntime-node, CPU) on one ONNX model: wall latency and process CPU time.
//   node ort_time.js MODEL.onnx INPUTS.json THREADS SECONDS [PROFILE_PREFIX]
// INPUTS.json: {"input name": "file.npy", ...} (read by ../shared/bench/peers/ort_run.js's readNpy).
// Prints {"median_ms", "min_ms", "count", "cpu_ms_per_iter"} as its last line: the median in-process
// latency of session.run after 5 warm-up runs, and the process's user+system CPU time over the timed
// loop divided by the run count (steadier than the latency on a loaded machine at one thread; with
// more threads it includes ORT's spinning workers). PROFILE_PREFIX turns on ORT's profiler for 10
// more runs and prints the profile file's path on a line of its own before the JSON.
const fs = require('fs');
const path = require('path');
const ort = require(process.env.ORT_MODULE || 'onnxruntime-node');

const DT = {
  '<f4': ['float32', Float32Array, 4], '<f8': ['float64', Float64Array, 8], '<f2': ['float16', Uint16Array, 2],
  '<i8': ['int64', BigInt64Array, 8], '<i4': ['int32', Int32Array, 4], '<i2': ['int16', Int16Array, 2],
  '|i1': ['int8', Int8Array, 1], '|u1': ['uint8', Uint8Array, 1], '<u2': ['uint16', Uint16Array, 2],
  '<u4': ['uint32', Uint32Array, 4], '<u8': ['uint64', BigUint64Array, 8], '|b1': ['bool', Uint8Array, 1],
};

function readNpy(file) {
  const b = fs.readFileSync(file);
  const major = b[6];
  const hlen = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const off = major === 1 ? 10 : 12;
  const header = b.toString('latin1', off, off + hlen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)[1].split(',').map(s => s.trim()).filter(s => s).map(Number);
  const n = shape.reduce((a, c) => a * c, 1);
  const t = DT[descr];
  if (!t) throw new Error(`${file}: dtype ${descr} not supported`);
  const buf = new ArrayBuffer(n * t[2]);
  new Uint8Array(buf).set(b.subarray(off + hlen, off + hlen + n * t[2]));
  return new ort.Tensor(t[0], new t[1](buf), shape);
}

(async () => {
  const [model, inputsJ, threads, secs, prof] = process.argv.slice(2);
  const opts = {intraOpNumThreads: +threads || 1, interOpNumThreads: 1, executionMode: 'sequential',
    graphOptimizationLevel: 'all'};
  if (prof) { opts.enableProfiling = true; opts.profileFilePrefix = prof; }
  const s = await ort.InferenceSession.create(model, opts);
  const feeds = {};
  for (const [name, file] of Object.entries(JSON.parse(fs.readFileSync(inputsJ, 'utf8')))) feeds[name] = readNpy(file);
  for (let i = 0; i < 5; i++) await s.run(feeds);
  const lat = [];
  const c0 = process.cpuUsage();
  const end = process.hrtime.bigint() + BigInt(Math.round(+secs * 1e9));
  while (process.hrtime.bigint() < end || lat.length < 5) {
    const t0 = process.hrtime.bigint();
    await s.run(feeds);
    lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const c1 = process.cpuUsage(c0);
  const count = lat.length;
  lat.sort((a, b) => a - b);
  if (prof) {
    for (let i = 0; i < 10; i++) await s.run(feeds);
    console.log(s.endProfiling());
  }
  console.log(JSON.stringify({median_ms: lat[count >> 1], min_ms: lat[0], count,
    cpu_ms_per_iter: (c1.user + c1.system) / 1000 / count}));
})().catch(e => { console.error(String(e && e.stack || e)); process.exit(1); });
