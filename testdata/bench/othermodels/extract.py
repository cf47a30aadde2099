#!/usr/bin/python3
"""Re-extract the round-15 "other models" (models.tsv) from local snapshots of their repositories.

Usage: python3 testdata/bench/othermodels/extract.py MIRROR_ROOT OUT_DIR

MIRROR_ROOT holds one bare or normal git repository per source as `owner+name/repo` (the layout the
session's fetch tool writes under /work/.mirror); every models.tsv row becomes OUT_DIR/NAME/model.xml
and model.bin (`git show COMMIT:PATH`). Rows whose repository or blob is missing are reported and
skipped. The model files are third-party (Open Model Zoo: Apache-2.0; others: see their repositories)
and stay outside the project.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    mirror, out = sys.argv[1], sys.argv[2]
    for line in open(os.path.join(HERE, "models.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        name, repo, commit, xml = line.rstrip("\n").split("\t")
        gd = None
        for cand in ("repo", "repo/.git"):
            p = os.path.join(mirror, repo.replace("/", "+"), cand)
            if os.path.exists(os.path.join(p, "HEAD")):
                gd = p
                break
        if gd is None:
            print(f"{name}: no snapshot of {repo}")
            continue
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        ok = True
        for src, dst in ((xml, "model.xml"), (xml[:-4] + ".bin", "model.bin")):
            p = subprocess.run(["git", "-C", gd, "show", f"{commit}:{src}"], capture_output=True)
            if p.returncode != 0:
                print(f"{name}: {src} missing at {commit}")
                ok = False
                break
            open(os.path.join(d, dst), "wb").write(p.stdout)
        if ok:
            print(f"{name}: ok")


if __name__ == "__main__":
    main()
