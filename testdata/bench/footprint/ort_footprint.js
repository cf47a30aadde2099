// ONNX Runtime's footprint on one model: session creation time, first inference, then N runs.
//   node ort_footprint.js MODEL.onnx INPUTS.json THREADS N      (MODEL.onnx "" for the baseline)
// Prints {"create_ms","first_ms","runs"} as JSON. The peak RSS is measured from outside
// (/usr/bin/time -v). With an empty MODEL it only loads the onnxruntime-node module: the
// baseline RSS of Node.js with ONNX Runtime loaded.
const fs = require('fs');
const ort = require(process.env.ORT_MODULE || 'onnxruntime-node');

const DT = {'<f4': ['float32', Float32Array, 4], '<f2': ['float16', Uint16Array, 2], '<f8': ['float64', Float64Array, 8],
  '<i8': ['int64', BigInt64Array, 8], '<i4': ['int32', Int32Array, 4], '|u1': ['uint8', Uint8Array, 1],
  '|i1': ['int8', Int8Array, 1], '|b1': ['bool', Uint8Array, 1]};

function readNpy(file) {
  const b = fs.readFileSync(file);
  const major = b[6];
  const hlen = major === 1 ? b.readUInt16LE(8) : b.readUInt32LE(8);
  const off = major === 1 ? 10 : 12;
  const header = b.toString('latin1', off, off + hlen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)[1].split(',').map(s => s.trim()).filter(s => s).map(Number);
  const n = shape.reduce((a, c) => a * c, 1);
  if (descr.startsWith('<U')) {  // unicode strings (UTF-32, NUL-padded)
    const w = +descr.slice(2), data = b.subarray(off + hlen), out = [];
    for (let i = 0; i < n; i++) {
      let s = '';
      for (let j = 0; j < w; j++) { const c = data.readUInt32LE((i * w + j) * 4); if (!c) break; s += String.fromCodePoint(c); }
      out.push(s);
    }
    return new ort.Tensor('string', out, shape);
  }
  const t = DT[descr];
  if (!t) throw new Error(`${file}: dtype ${descr} not supported`);
  const buf = new ArrayBuffer(n * t[2]);
  new Uint8Array(buf).set(b.subarray(off + hlen, off + hlen + n * t[2]));
  return new ort.Tensor(t[0], new t[1](buf), shape);
}

(async () => {
  const [model, inputsJ, threads, n] = process.argv.slice(2);
  if (!model) { console.log(JSON.stringify({create_ms: 0, first_ms: 0, runs: 0})); return; }
  const feeds = {};
  for (const [name, file] of Object.entries(JSON.parse(fs.readFileSync(inputsJ, 'utf8')))) feeds[name] = readNpy(file);
  const t0 = process.hrtime.bigint();
  const s = await ort.InferenceSession.create(model, {intraOpNumThreads: +threads || 1, interOpNumThreads: 1,
    executionMode: 'sequential', graphOptimizationLevel: 'all'});
  const t1 = process.hrtime.bigint();
  await s.run(feeds);
  const t2 = process.hrtime.bigint();
  for (let i = 0; i < +n; i++) await s.run(feeds);
  console.log(JSON.stringify({create_ms: Number(t1 - t0) / 1e6, first_ms: Number(t2 - t1) / 1e6, runs: +n}));
})().catch(e => { console.error(String(e && e.stack || e)); process.exit(1); });
