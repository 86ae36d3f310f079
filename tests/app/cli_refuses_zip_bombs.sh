#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 7: an Excel workbook of 1 MB whose shared strings inflate to 1 GB (held whole, about
# twice over: 2.1 GB and ten minutes before) is refused at once under a memory limit, by the size
# its zip entry declares, with exit code 3 and a message naming the part.
# Usage: cli_refuses_zip_bombs.sh QISCOUT_CLI WORK_FOLDER
set -u
cli=$1
work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

/usr/bin/python3 - <<'PYTHON' || fail "cannot make the workbook"
import zipfile
main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
relationships = "http://schemas.openxmlformats.org/package/2006/relationships"
office = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
with zipfile.ZipFile("bomb.xlsx", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    z.writestr("[Content_Types].xml",
               '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
               '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
               '<Default Extension="xml" ContentType="application/xml"/></Types>')
    z.writestr("_rels/.rels", f'<Relationships xmlns="{relationships}"><Relationship Id="rId1" '
               f'Type="{office}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    z.writestr("xl/workbook.xml", f'<workbook xmlns="{main}" xmlns:r="{office}"><sheets>'
               '<sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>')
    z.writestr("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{relationships}">'
               f'<Relationship Id="rId1" Type="{office}/worksheet" Target="worksheets/sheet1.xml"/>'
               f'<Relationship Id="rId2" Type="{office}/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
    z.writestr("xl/worksheets/sheet1.xml", f'<worksheet xmlns="{main}"><sheetData><row r="1"><c r="A1" t="s">'
               '<v>0</v></c></row><row r="2"><c r="A2"><v>1</v></c></row></sheetData></worksheet>')
    with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
        part.write(f'<sst xmlns="{main}"><si><t>'.encode())
        piece = b"A" * (1 << 20)
        for _ in range(1024):
            part.write(piece)
        part.write(b"</t></si></sst>")
PYTHON

(ulimit -v 2000000 && exec timeout 60 "$cli" info bomb.xlsx > /dev/null 2> err.txt)
status=$?
[ "$status" -eq 3 ] || fail "info on the workbook exited with $status: $(cat err.txt)"
grep -q "inflating part xl/sharedStrings.xml" err.txt || fail "the part is not named: $(cat err.txt)"
echo "refused: $(cat err.txt)"
