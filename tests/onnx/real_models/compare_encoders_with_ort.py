#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Text encoders (BERT-like) that applications ship, on devmux CPU and GPU against ONNX Runtime (docs/onnx.md,
"Real models"). Outside CTest: the models come from public repositories, never from this repository.
usage: /usr/bin/python3 tests/onnx/real_models/compare_encoders_with_ort.py MODELS_DIR WORK_DIR a.onnx[,b.onnx...]
  ORT=/tmp/ortpeer (../shared/peers/onnxruntime/setup.sh, with ort_run.js copied into it), BUILD=build,
  SEQS=16,128, VOCAB=30522, DEVICES=CPU,GPU, ROUNDS=5, ITERS=20, THREADS=1 (e.g. 1,2), PLUGINS=plugins-software-gpu.xml
  (another plugins file, e.g. one naming an older CPU plugin to compare builds). The Core is the software GPU deployment
  (plugins-software-gpu.xml), so `GPU` runs on PoCL/lavapipe where no GPU is present. Per model and sequence
  length: seeded token ids in [0, VOCAB), attention_mask of ones, token_type_ids of zeros (inputs of other names
  are refused); one ONNX Runtime run; per device, read_model, reshape to [1, sequence], compile (CPU at 1 thread),
  one inference, max abs error and max abs error / max |ORT output|; then ROUNDS interleaved rounds of ITERS
  timed inferences on CPU and in ONNX Runtime per thread count of THREADS, interleaved (median of medians).
"""
import json, os, statistics, subprocess, sys, time, hashlib
import numpy as np
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, os.environ.get('BUILD', 'build'), 'python'))
import openvino as ov
M = os.path.abspath(sys.argv[1]) + '/'; HERE = os.path.abspath(sys.argv[2]); ORT = os.environ.get('ORT', '/tmp/ortpeer')
files = sys.argv[3].split(',')
SEQS = [int(s) for s in os.environ.get('SEQS', '16,128').split(',')]
ROUNDS = int(os.environ.get('ROUNDS', 5)); ITERS = int(os.environ.get('ITERS', 20)); VOCAB = int(os.environ.get('VOCAB', 30522))
DEVICES = os.environ.get('DEVICES', 'CPU,GPU').split(',')
THREADS = [int(t) for t in os.environ.get('THREADS', '1').split(',')]
core = ov.Core(os.environ.get('PLUGINS', 'plugins-software-gpu.xml'))
rng = np.random.default_rng(2026)
report = {}; prepared = {}
for file in files:
    probe = core.read_model(M + file)
    in_names = [p.get_any_name() for p in probe.inputs]
    for seq in SEQS:
        name = f'{file}@{seq}'
        d = f'{HERE}/run/{name}'; os.makedirs(d, exist_ok=True)
        inputs = {}
        for k in in_names:
            if k == 'input_ids': inputs[k] = rng.integers(0, VOCAB, (1, seq)).astype(np.int64)
            elif k == 'attention_mask': inputs[k] = np.ones((1, seq), np.int64)
            elif k == 'token_type_ids': inputs[k] = np.zeros((1, seq), np.int64)
            else: raise SystemExit(f'unknown input {k}')
        manifest = {'model': M + file, 'inputs': []}
        for k, a in inputs.items():
            f = f'{d}/in_{len(manifest["inputs"])}.bin'; a.tofile(f)
            manifest['inputs'].append({'name': k, 'dtype': str(a.dtype), 'shape': list(a.shape), 'file': f})
        json.dump(manifest, open(d + '/manifest.json', 'w'))
        r = report[name] = {'file': file, 'sha256': hashlib.sha256(open(M + file, 'rb').read()).hexdigest()}
        p = subprocess.run(['node', ORT + '/ort_run.js', d + '/manifest.json', d, '1', '0'], capture_output=True, text=True)
        if p.returncode: r['ort_error'] = p.stderr.strip()[-400:]; print(name, 'ORT fails', r['ort_error']); continue
        ort_meta = json.load(open(d + '/ort_outputs.json'))['outputs']
        compiled = {}
        for dev in DEVICES:
            try:
                t0 = time.perf_counter(); model = core.read_model(M + file); r.setdefault('read_ms', (time.perf_counter() - t0) * 1e3)
                model.reshape({k: list(a.shape) for k, a in inputs.items()})
                cfg = {'INFERENCE_NUM_THREADS': 1} if dev == 'CPU' else {}
                c = core.compile_model(model, dev, cfg)
                req = c.create_infer_request(); req.infer(inputs)
                r[f'{dev}_execution_devices'] = list(c.get_property('EXECUTION_DEVICES'))
            except Exception as e:
                r[f'{dev}_error'] = str(e).strip()[:600]; print(name, dev, 'fails:', r[f'{dev}_error']); continue
            errs = []
            for om in ort_meta:
                ref = np.fromfile(om['file'], dtype=np.float32).reshape(om['dims']).astype(np.float64)
                got = None
                for j, out in enumerate(c.outputs):
                    if om['name'] in out.get_names(): got = np.array(req.get_output_tensor(j).data, dtype=np.float64)
                if got is None or got.shape != ref.shape: errs.append({'output': om['name'], 'error': 'missing or shape'}); continue
                diff = np.abs(got - ref); peak = float(np.abs(ref).max())
                errs.append({'output': om['name'], 'shape': list(ref.shape), 'max_abs': float(diff.max()), 'rel_to_peak': float(diff.max() / peak), 'peak': peak})
            r[dev] = errs; print(name, dev, json.dumps(errs))
            if dev == 'CPU': compiled = c
        if compiled:
            model = core.read_model(M + file); model.reshape({k: list(a.shape) for k, a in inputs.items()})
            per_threads = {t: compiled if t == 1 else core.compile_model(model, 'CPU', {'INFERENCE_NUM_THREADS': t}) for t in THREADS}
            prepared[name] = (d, per_threads, inputs)
def devmux_time(c, inputs):
    req = c.create_infer_request()
    for _ in range(5): req.infer(inputs)
    ts = []
    for _ in range(ITERS):
        t0 = time.perf_counter(); req.infer(inputs); ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)
times = {}
print('load before', open('/proc/loadavg').read().strip()); report['load_before'] = open('/proc/loadavg').read().strip()
for rnd in range(ROUNDS):
    for name, (d, per_threads, inputs) in prepared.items():
        for t, c in per_threads.items():
            dm = devmux_time(c, inputs)
            p = subprocess.run(['node', ORT + '/ort_run.js', d + '/manifest.json', d, str(t), str(ITERS)], capture_output=True, text=True)
            om = json.load(open(d + '/ort_outputs.json'))['median_ms'] if p.returncode == 0 else float('nan')
            times.setdefault((name, t), []).append((dm, om))
print('load after', open('/proc/loadavg').read().strip()); report['load_after'] = open('/proc/loadavg').read().strip()
for (name, t), v in times.items():
    dm = statistics.median(x[0] for x in v); om = statistics.median(x[1] for x in v)
    report[name][f'speed_{t}t'] = {'devmux_ms': dm, 'ort_ms': om, 'ratio': dm / om}
    print(f'{name:50s} t={t} devmux {dm:8.3f} ms  ORT {om:8.3f} ms  ratio {dm/om:5.2f}')
json.dump(report, open(HERE + '/report.json', 'w'), indent=1)
