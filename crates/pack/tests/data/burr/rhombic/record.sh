#!/bin/sh
# Records burrTxt's counts for every design here (BurrTools 0.6.4 burrTxt, built as
# /work/shared/PEERS.md says; BURRTXT names the binary).
BURRTXT=${BURRTXT:-/work/peers/burrtools/burrTxt}
for f in *.xmpuzzle; do
  n=${f%.xmpuzzle}
  { echo "# burrTxt -q -d $f"; "$BURRTXT" -q -d "$f" | grep -E "assemblies and"; } > "$n.burrtxt"
done
