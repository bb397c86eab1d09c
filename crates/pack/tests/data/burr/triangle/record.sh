#!/bin/sh
# Records burrTxt's counts for every design here (BurrTools 0.6.4 burrTxt, built as
# /work/shared/PEERS.md says; BURRTXT names the binary). `-d`: BurrTools disassembles on this
# grid, so its line gives assemblies and solutions (those that come apart); wurfel compares the
# assemblies (it does not disassemble off the cube grid yet).
BURRTXT=${BURRTXT:-/work/peers/burrtools/burrTxt}
for f in *.xmpuzzle; do
  n=${f%.xmpuzzle}
  { echo "# burrTxt -d $f"; "$BURRTXT" -d "$f" | grep -E "assemblies and"; } > "$n.burrtxt"
done
