#!/bin/sh
# Records burrTxt's results for every design here (BurrTools 0.6.4 burrTxt, built as
# /work/shared/PEERS.md says; BURRTXT names the binary). `-d`: BurrTools disassembles on this
# grid; its output gives each solution's level (`level: 1.2.2`, in the order found) and then
# the assemblies and solutions (those that come apart).
BURRTXT=${BURRTXT:-/work/peers/burrtools/burrTxt}
for f in *.xmpuzzle; do
  n=${f%.xmpuzzle}
  { echo "# burrTxt -d $f"; "$BURRTXT" -d "$f" | grep -E "^level: |assemblies and"; } > "$n.burrtxt"
done
