#!/usr/bin/env bash
# The GPU benchmarks as one prepared run, for a GPU machine lent for a few minutes:
#
#   OUT=results PY=python3 bash benchmarks/gpu_lease.sh
#
# 1. `gpu.py --smoke`: small programs through stepwell on the GPU, checked exactly against
#    eager (dtype, shape, NaN positions, values), with tracebacks. If none passes, the run
#    stops here: the timings would say nothing.
# 2. `gpu.py --quick` with the zoo: one size per microbenchmark in float16, then the zoo
#    models, each against eager and TorchInductor.
# 3. `gpu.py --attention --quick`: the re-fused attention kernel against SDPA's flash
#    backend and Inductor, 1k and 8k tokens.
#
# Each phase has its own time limit (SMOKE_S, MAIN_S, ATTENTION_S seconds) and writes its
# JSON and log under $OUT (default results/: gpu_smoke.json, gpu.json, gpu_attention.json,
# which benchmarks/report.py renders) as it goes, so a phase cut short keeps what it
# measured. Caches go to a fresh temp folder: every compile is cold.
set -u
OUT=$(realpath -m "${OUT:-results}")  # (before the cd: relative to the caller's folder)
PY=${PY:-python3}
SMOKE_S=${SMOKE_S:-100}
MAIN_S=${MAIN_S:-290}
ATTENTION_S=${ATTENTION_S:-110}
cd "$(dirname "$0")/.."
mkdir -p "$OUT"

CACHE=$(mktemp -d)
export TRITON_CACHE_DIR=$CACHE/triton TORCHINDUCTOR_CACHE_DIR=$CACHE/inductor
export STEPWELL_CACHE_DIR=$CACHE/stepwell HF_HOME=$CACHE/hf
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
unset TRITON_INTERPRET

{
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    "$PY" -c "import sys, torch, triton, xdsl, transformers; print(sys.version.split()[0], \
'torch', torch.__version__, 'triton', triton.__version__, 'transformers', \
transformers.__version__)"
} 2>&1 | tee "$OUT/gpu_env.txt"

timeout "$SMOKE_S" "$PY" benchmarks/gpu.py --smoke --out "$OUT/gpu_smoke.json" 2>&1 \
    | tee "$OUT/gpu_smoke.log"
if ! grep -q '"ok": true' "$OUT/gpu_smoke.json" 2>/dev/null; then
    echo "gpu_lease: no smoke program passed; the timings are skipped"
    exit 1
fi

# budgets leave each phase time to finish the case it is in
timeout "$MAIN_S" "$PY" benchmarks/gpu.py --quick --models mlp,cnn,gpt2,bert,llama,qwen2,opt \
    --dtypes float16 --budget-s $((MAIN_S - 60)) --out "$OUT/gpu.json" 2>&1 \
    | tee "$OUT/gpu.log"
timeout "$ATTENTION_S" "$PY" benchmarks/gpu.py --attention --quick \
    --budget-s $((ATTENTION_S - 40)) --out "$OUT/gpu_attention.json" 2>&1 \
    | tee "$OUT/gpu_attention.log"
echo "gpu_lease: done"
