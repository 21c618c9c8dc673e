#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Real ONNX models that applications ship, on devmux CPU against ONNX Runtime (docs/onnx.md, "Real models").

Outside CTest: the models come from npm packages and public repositories, never from this repository.
usage: /usr/bin/python3 tests/onnx/real_models/compare_with_ort.py MODELS_DIR WORK_DIR [model ...]
  MODELS_DIR holds the .onnx files named in MODELS below; WORK_DIR receives inputs, outputs and report.json.
  ORT=/tmp/ortpeer (../shared/peers/onnxruntime/setup.sh, with ort_run.js copied into it), BUILD=build,
  ROUNDS=5, ITERS=20. Per model: seeded random inputs, one ONNX Runtime run and one devmux run (read_model,
  reshape to the input shapes, compile on CPU), max abs error and max abs error / max |ORT output|; then ROUNDS
  interleaved rounds of ITERS timed inferences at 1 and 2 threads on each side (median of medians).
"""
import json, os, statistics, subprocess, sys, time, hashlib
import numpy as np
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, os.environ.get('BUILD', 'build'), 'python'))
import openvino as ov

M = os.path.abspath(sys.argv[1]) + '/'
HERE = os.path.abspath(sys.argv[2])
ORT = os.environ.get('ORT', '/tmp/ortpeer')
rng = np.random.default_rng(2026)
def u(lo, hi): return lambda shape: rng.uniform(lo, hi, shape).astype(np.float32)
def const_i64(v): return lambda shape: np.full(shape, v, dtype=np.int64)
MODELS = {
  'ppocr_cls': ('ch_ppocr_mobile_v2.0_cls_infer.onnx', {'x': ([1, 3, 48, 192], u(-1, 1))}),
  'ppocr_det': ('ch_PP-OCRv4_det_infer.onnx', {'x': ([1, 3, 320, 320], u(-1, 1))}),
  'ppocr_rec': ('ch_PP-OCRv4_rec_infer.onnx', {'x': ([1, 3, 48, 320], u(-1, 1))}),
  'oww_melspec': ('melspectrogram.onnx', {'input': ([1, 1760], u(-3000, 3000))}),
  'oww_embedding': ('embedding_model.onnx', {'input_1': ([1, 76, 32, 1], u(-2, 2))}),
  'oww_hey_jarvis': ('hey_jarvis_v0.1.onnx', {'x.1': ([1, 16, 96], u(-2, 2))}),
  'silero_vad_v5': ('silero_vad_v5.onnx', {'input': ([1, 512], u(-0.5, 0.5)), 'state': ([2, 1, 128], u(-0.5, 0.5)), 'sr': ([], const_i64(16000))}),
  'silero_vad_legacy': ('silero_vad_legacy.onnx', {'input': ([1, 512], u(-0.5, 0.5)), 'sr': ([], const_i64(16000)), 'h': ([2, 1, 64], u(-0.5, 0.5)), 'c': ([2, 1, 64], u(-0.5, 0.5))}),
}
ROUNDS = int(os.environ.get('ROUNDS', 5)); ITERS = int(os.environ.get('ITERS', 20))
names = sys.argv[3:] or list(MODELS)
core = ov.Core()
report = {}
prepared = {}
for name in names:
    file, spec = MODELS[name]
    d = f'{HERE}/run/{name}'; os.makedirs(d, exist_ok=True)
    inputs = {k: gen(shape) for k, (shape, gen) in spec.items()}
    manifest = {'model': M + file, 'inputs': []}
    for k, a in inputs.items():
        f = f'{d}/in_{len(manifest["inputs"])}.bin'; a.tofile(f)
        manifest['inputs'].append({'name': k, 'dtype': str(a.dtype), 'shape': list(a.shape), 'file': f})
    json.dump(manifest, open(d + '/manifest.json', 'w'))
    r = {'file': file, 'sha256': hashlib.sha256(open(M + file, 'rb').read()).hexdigest(), 'bytes': os.path.getsize(M + file)}
    report[name] = r
    # ORT outputs
    p = subprocess.run(['node', ORT + '/ort_run.js', d + '/manifest.json', d, '1', '0'], capture_output=True, text=True)
    if p.returncode != 0:
        r['ort_error'] = (p.stderr.strip().splitlines() or ['?'])[-1]; print(name, 'ORT fails', r['ort_error']); continue
    ort_meta = json.load(open(d + '/ort_outputs.json'))['outputs']
    # devmux
    try:
        t0 = time.perf_counter(); model = core.read_model(M + file); r['read_ms'] = (time.perf_counter() - t0) * 1e3
        try:
            model.reshape({k: list(a.shape) for k, a in inputs.items()})
        except Exception as e:  # compiled with its dynamic shapes instead (the CPU's dynamic-shape path)
            r['reshape_error'] = str(e).strip().splitlines()[0][:400]
            model = core.read_model(M + file)
        compiled = {t: core.compile_model(model, 'CPU', {'INFERENCE_NUM_THREADS': t}) for t in (1, 2)}
        req = compiled[1].create_infer_request()
        req.infer(inputs)
    except Exception as e:
        r['devmux_error'] = str(e).strip().splitlines()[0][:400]; print(name, 'devmux fails:', r['devmux_error']); continue
    errs = []
    for i, om in enumerate(ort_meta):
        dt = {'float32': np.float32, 'int64': np.int64, 'bool': np.bool_}[om['type']]
        ref = np.fromfile(om['file'], dtype=dt).reshape(om['dims']).astype(np.float64)
        got = None
        for j, out in enumerate(compiled[1].outputs):
            if om['name'] in out.get_names():
                got = np.array(req.get_output_tensor(j).data, dtype=np.float64)
        if got is None:
            errs.append({'output': om['name'], 'error': 'no devmux output of that name'}); continue
        if got.shape != ref.shape:
            errs.append({'output': om['name'], 'error': f'shape {got.shape} vs ORT {ref.shape}'}); continue
        diff = np.abs(got - ref); peak = float(np.max(np.abs(ref))) if ref.size else 0.0
        errs.append({'output': om['name'], 'shape': list(ref.shape), 'max_abs': float(diff.max()) if diff.size else 0.0,
                     'max_rel_to_peak': float(diff.max() / peak) if peak > 0 and diff.size else 0.0, 'peak': peak})
    r['outputs'] = errs
    prepared[name] = (d, compiled, inputs)
    print(name, json.dumps(errs))

def devmux_time(compiled, inputs):
    req = compiled.create_infer_request()
    for _ in range(5): req.infer(inputs)
    ts = []
    for _ in range(ITERS):
        t0 = time.perf_counter(); req.infer(inputs); ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)

times = {}
print('load before', open('/proc/loadavg').read().strip())
for rnd in range(ROUNDS):
    for name, (d, compiled, inputs) in prepared.items():
        for t in (1, 2):
            dm = devmux_time(compiled[t], inputs)
            p = subprocess.run(['node', ORT + '/ort_run.js', d + '/manifest.json', d, str(t), str(ITERS)], capture_output=True, text=True)
            om = json.load(open(d + '/ort_outputs.json'))['median_ms'] if p.returncode == 0 else float('nan')
            times.setdefault((name, t), []).append((dm, om))
print('load after', open('/proc/loadavg').read().strip())
for (name, t), v in times.items():
    dm = statistics.median(x[0] for x in v); om = statistics.median(x[1] for x in v)
    report[name].setdefault('speed', {})[str(t)] = {'devmux_ms': dm, 'ort_ms': om, 'ratio': dm / om}
    print(f'{name:18s} t={t} devmux {dm:8.3f} ms  ORT {om:8.3f} ms  ratio {dm/om:5.2f}')
json.dump(report, open(HERE + '/report.json', 'w'), indent=1)
