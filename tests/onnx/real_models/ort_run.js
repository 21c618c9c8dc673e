// SPDX-License-Identifier: Apache-2.0
// usage: node ort_run.js manifest.json outdir threads iters
// Runs the model on the inputs the manifest lists (raw little-endian files), writes each output as raw data
// and outdir/outputs.json; with iters > 0 also times iters runs after 5 warm-ups (median ms).
const ort = require('onnxruntime-node');
const fs = require('fs');
(async () => {
  const [manifestPath, outdir, threads, iters] = process.argv.slice(2);
  const m = JSON.parse(fs.readFileSync(manifestPath));
  const s = await ort.InferenceSession.create(m.model, {intraOpNumThreads: +threads, interOpNumThreads: 1, graphOptimizationLevel: 'all', logSeverityLevel: 3});
  const feeds = {};
  for (const inp of m.inputs) {
    const buf = fs.readFileSync(inp.file);
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    const arr = inp.dtype === 'float32' ? new Float32Array(ab) : inp.dtype === 'int64' ? new BigInt64Array(ab) : null;
    feeds[inp.name] = new ort.Tensor(inp.dtype, arr, inp.shape);
  }
  const out = await s.run(feeds);
  const meta = [];
  for (const name of s.outputNames) {
    const t = out[name];
    const file = outdir + '/ort_' + meta.length + '.bin';
    fs.writeFileSync(file, Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    meta.push({name, type: t.type, dims: t.dims, file});
  }
  let median = null;
  if (+iters > 0) {
    for (let i = 0; i < 5; i++) await s.run(feeds);
    const ts = [];
    for (let i = 0; i < +iters; i++) { const t0 = process.hrtime.bigint(); await s.run(feeds); ts.push(Number(process.hrtime.bigint() - t0) / 1e6); }
    ts.sort((a, b) => a - b); median = ts[ts.length >> 1];
  }
  fs.writeFileSync(outdir + '/ort_outputs.json', JSON.stringify({outputs: meta, median_ms: median}));
})().catch(e => { console.error('ORT_ERROR', e.message); process.exit(3); });
