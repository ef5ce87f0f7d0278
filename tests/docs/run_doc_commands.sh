#!/usr/bin/env bash
# Runs every command of the given Markdown pages (the "$ " lines of their ```sh blocks) as a
# reader would, from a scratch folder that looks like the repository's root (build/, data/, docs/);
# fails naming the first command that fails.
#
#   tests/docs/run_doc_commands.sh BUILD_DIR REPO_ROOT PAGE...
set -euo pipefail
build=$(realpath "$1")
root=$(realpath "$2")
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$build" "$work/build"
ln -s "$root/data" "$work/data"
ln -s "$root/docs" "$work/docs"
cd "$work"
count=0
for page in "$@"; do
  in_block=0
  while IFS= read -r line; do
    case $line in
      '```sh'*) in_block=1; continue ;;
      '```'*) in_block=0; continue ;;
    esac
    if [[ $in_block == 1 && $line == '$ '* ]]; then
      command=${line#'$ '}
      if ! bash -c "$command" > output.txt 2>&1; then
        echo "failed: $command (in $page):"
        cat output.txt
        exit 1
      fi
      count=$((count + 1))
    fi
  done < "$root/$page"
done
echo "$count commands ran as written"
(( count > 0 ))
