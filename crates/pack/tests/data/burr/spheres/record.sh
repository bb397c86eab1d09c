#!/bin/sh
# Records burrTxt's counts for every design here (BurrTools 0.6.4 burrTxt, built as
# /work/shared/PEERS.md says; BURRTXT names the binary). `-q` only: burrTxt has no disassembler
# for the spheres grid (GridType::getCapabilities), so its "solutions" here are 0 by
# construction and only the assemblies count is compared.
BURRTXT=${BURRTXT:-/work/peers/burrtools/burrTxt}
for f in *.xmpuzzle; do
  n=${f%.xmpuzzle}
  { echo "# burrTxt -q $f"; "$BURRTXT" -q "$f" | grep -E "assemblies and"; } > "$n.burrtxt"
done
