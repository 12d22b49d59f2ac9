#!/usr/bin/env bash
# Builds and runs Intel's SYCL end-to-end tests (@sycl_e2e from the corpus in
# $RULES_SYCL_E2E, else ../shared/e2e); see run.py. Part of ./test.sh.
#   tests/e2e/run.sh [BAZEL_BUILD_FLAG]...
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/run.py" "$@"
