#!/usr/bin/env bash
# Validates mutation reports against Stryker's mutation testing report schema
# (CI/stryker/mutation-testing-report-schema.json, kept as published) with the `jsonschema`
# package, pinned with hashes in CI/schema-requirements.txt and installed into .build-schema/venv.
#
#   bash CI/mutation-schema.sh mutation-sample/mutation-report.json [FILE...]
#
# With no FILE it validates the committed reports, docs/mutation-reports/*.json, and converts and
# validates the report of the CI sample, mutation-sample/mutation.json, when it is there.
# Fails on the first file that is not valid, naming the file and the JSON path of the error.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build-schema/venv
# Always the pinned tools, never whatever is on PATH: the versions and bytes are in the requirements.
source CI/pinned-venv.sh
pinned_venv "$venv" CI/schema-requirements.txt

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    for committed in docs/mutation-reports/*.json; do
        [ -f "$committed" ] && files+=("$committed")
    done
    if [ -f mutation-sample/mutation.json ]; then
        python3 CI/mutation_stryker.py mutation-sample/mutation.json >/dev/null
        files+=(mutation-sample/mutation-report.json)
    fi
fi
if [ ${#files[@]} -eq 0 ]; then
    echo "mutation-schema: no report to validate (run the mutation stage first, or name files)" >&2
    exit 2
fi
"$venv/bin/python" - CI/stryker/mutation-testing-report-schema.json "${files[@]}" <<'PY'
import json, sys
import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
failed = 0
for path in sys.argv[2:]:
    try:
        report = json.load(open(path, encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        print(f"mutation-schema: {path}: {error}", file=sys.stderr)
        failed += 1
        continue
    errors = sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
    for error in errors[:10]:
        where = "/".join(str(p) for p in error.absolute_path) or "(the top)"
        print(f"mutation-schema: {path}: at {where}: {error.message}", file=sys.stderr)
    if errors:
        failed += 1
        continue
    mutants = sum(len(f["mutants"]) for f in report["files"].values())
    print(f"mutation-schema: {path}: valid (schema version {report['schemaVersion']}, "
          f"{len(report['files'])} files, {mutants} mutants)")
sys.exit(1 if failed else 0)
PY
