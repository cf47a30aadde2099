// Times ONNX Runtime (onnxruntime-node, ORT_MODULE) on many one-op models in one process:
// node ort_sweep.js JOBS.json, where JOBS is [{id, model, shape, dtype, threads, secs}];
// prints one JSON line {id, threads, median_ms} (or {id, threads, err}) per job.
const ort = require(process.env.ORT_MODULE || 'onnxruntime-node');
const fs = require('fs');
const arrays = {float32: Float32Array, float64: Float64Array, int8: Int8Array, uint8: Uint8Array, int32: Int32Array};
const q = process.env.POOLSWEEP_Q ? Number(process.env.POOLSWEEP_Q) : 0.5; // the median, or the quantile asked (retime.py --q)
(async () => {
  const jobs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  for (const j of jobs) {
    try {
      const s = await ort.InferenceSession.create(j.model, {intraOpNumThreads: j.threads, interOpNumThreads: 1,
        executionMode: 'sequential', graphOptimizationLevel: 'all'});
      const n = j.shape.reduce((a, b) => a * b, 1);
      const A = arrays[j.dtype];
      const data = new A(n);
      for (let i = 0; i < n; i++) data[i] = (i * 7919) % 200 - 100;
      const feeds = {x: new ort.Tensor(j.dtype, data, j.shape)};
      await s.run(feeds);
      const lat = [];
      // POOLSWEEP_CPU=1: one thread is timed in the process's CPU time (user + system), not wall time
      const cpu = process.env.POOLSWEEP_CPU === '1' && j.threads === 1;
      const clock = cpu ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; }
        : () => Number(process.hrtime.bigint()) / 1e6;
      let spent = 0;
      while (spent < j.secs * 1e3 || lat.length < 3) {
        const t0 = clock();
        await s.run(feeds);
        const d = clock() - t0;
        spent += d;
        lat.push(d);
        if (lat.length >= 2000) break;
      }
      lat.sort((a, b) => a - b);
      console.log(JSON.stringify({id: j.id, threads: j.threads, median_ms: lat[Math.min(lat.length - 1, Math.floor(q * lat.length))]}));
      await s.release();
    } catch (e) {
      console.log(JSON.stringify({id: j.id, threads: j.threads, err: String(e).slice(0, 200)}));
    }
  }
})();
