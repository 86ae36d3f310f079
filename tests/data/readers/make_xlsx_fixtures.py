#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the .xlsx fixtures of the Excel reader tests with nothing but the standard library.

Run from this folder: python3 make_xlsx_fixtures.py. It writes
- features.xlsx: three sheets exercising what the reader must handle (see FEATURE_ROWS);
- date1904.xlsx: one date on the 1904 date system;
- francdat.xlsx, sd2011.xlsx: ../tables/<name>.csv cell for cell, numbers as numeric cells
  whose number format shows exactly the CSV's text, everything else as shared strings.
The XML is written by hand, as SpreadsheetML (ECMA-376) lays it out, independently of the reader.
"""
import csv
import re
import zipfile
from xml.sax.saxutils import escape

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"


def column_letters(index):
    letters = ""
    n = index + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class Styles:
    """Cell formats (cellXfs), each naming a number format id; custom codes get ids from 164."""

    def __init__(self):
        self.custom = {}
        self.cell_formats = [0]

    def style(self, code_or_id):
        if isinstance(code_or_id, int):
            format_id = code_or_id
        else:
            format_id = self.custom.setdefault(code_or_id, 164 + len(self.custom))
        if format_id not in self.cell_formats:
            self.cell_formats.append(format_id)
        return self.cell_formats.index(format_id)

    def xml(self):
        quote = {'"': "&quot;"}
        formats = "".join(f'<numFmt numFmtId="{i}" formatCode="{escape(code, quote)}"/>'
                          for code, i in self.custom.items())
        apply = ' applyNumberFormat="1"'
        xfs = "".join(f'<xf numFmtId="{i}" fontId="0" fillId="0" borderId="0" xfId="0"{apply if i else ""}/>'
                      for i in self.cell_formats)
        return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                f'<styleSheet xmlns="{MAIN}"><numFmts count="{len(self.custom)}">{formats}</numFmts>'
                f'<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
                f'<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
                f'<borders count="1"><border/></borders>'
                f'<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
                f'<cellXfs count="{len(self.cell_formats)}">{xfs}</cellXfs></styleSheet>')


class SharedStrings:
    def __init__(self):
        self.items = []
        self.index = {}

    def add(self, xml_item):
        if xml_item not in self.index:
            self.index[xml_item] = len(self.items)
            self.items.append(xml_item)
        return self.index[xml_item]

    def text(self, text):
        space = ' xml:space="preserve"' if text != text.strip() else ""
        return self.add(f"<t{space}>{escape(text)}</t>")

    def xml(self):
        body = "".join(f"<si>{item}</si>" for item in self.items)
        return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                f'<sst xmlns="{MAIN}" count="{len(self.items)}" uniqueCount="{len(self.items)}">{body}</sst>')


def sheet_xml(rows):
    """rows: list of (row number or None, [cell xml without the <c> wrapper's r, or None])."""
    body = []
    for number, cells in rows:
        row_attr = f' r="{number}"' if number is not None else ""
        body.append(f"<row{row_attr}>{''.join(cells)}</row>")
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<worksheet xmlns="{MAIN}" xmlns:r="{REL}"><sheetData>{"".join(body)}</sheetData></worksheet>')


class Book(zipfile.ZipFile):
    """A zip whose entries carry a fixed date, so the fixtures come out byte for byte the same."""

    def writestr(self, name, data):
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        super().writestr(info, data)


def write_workbook(path, sheets, styles, strings, date1904=False):
    """sheets: list of (name, sheet xml)."""
    with Book(path, "w", zipfile.ZIP_DEFLATED) as book:
        overrides = "".join(
            f'<Override PartName="/xl/worksheets/sheet{i + 1}.xml" ContentType="application/'
            f'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' for i in range(len(sheets)))
        book.writestr("[Content_Types].xml",
                      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                      '<Default Extension="xml" ContentType="application/xml"/>'
                      '<Override PartName="/xl/workbook.xml" ContentType="application/'
                      'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                      f'{overrides}</Types>')
        book.writestr("_rels/.rels",
                      f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="{PKG_REL}">'
                      f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/>'
                      '</Relationships>')
        sheet_entries = "".join(f'<sheet name="{escape(name)}" sheetId="{i + 1}" r:id="rId{i + 1}"/>'
                                for i, (name, _) in enumerate(sheets))
        pr = '<workbookPr date1904="1"/>' if date1904 else "<workbookPr/>"
        book.writestr("xl/workbook.xml",
                      f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                      f'<workbook xmlns="{MAIN}" xmlns:r="{REL}">{pr}<sheets>{sheet_entries}</sheets></workbook>')
        rels = "".join(f'<Relationship Id="rId{i + 1}" Type="{REL}/worksheet" Target="worksheets/sheet{i + 1}.xml"/>'
                       for i in range(len(sheets)))
        n = len(sheets)
        rels += (f'<Relationship Id="rId{n + 1}" Type="{REL}/styles" Target="styles.xml"/>'
                 f'<Relationship Id="rId{n + 2}" Type="{REL}/sharedStrings" Target="/xl/sharedStrings.xml"/>')
        book.writestr("xl/_rels/workbook.xml.rels",
                      f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                      f'<Relationships xmlns="{PKG_REL}">{rels}</Relationships>')
        book.writestr("xl/styles.xml", styles.xml())
        book.writestr("xl/sharedStrings.xml", strings.xml())
        for i, (_, xml) in enumerate(sheets):
            book.writestr(f"xl/worksheets/sheet{i + 1}.xml", xml)


def features():
    styles, strings = Styles(), SharedStrings()
    s = strings.text

    def cell(ref, inner, t=None, style=None):
        attrs = f' r="{ref}"' if ref else ""
        attrs += f' t="{t}"' if t else ""
        attrs += f' s="{style}"' if style else ""
        return f"<c{attrs}>{inner}</c>"

    iso = styles.style("yyyy-mm-dd")
    money = styles.style("#,##0.00")
    percent = styles.style("0.0%")
    us_date = styles.style(14)
    clock = styles.style("h:mm AM/PM")
    rich = strings.add('<r><t>Ann </t></r><r><rPr><b/></rPr><t>Lee</t></r><rPh sb="0" eb="1"><t>アン</t></rPh>')
    people = [
        (1, [cell("A1", f"<v>{s('id')}</v>", "s"), cell("B1", f"<v>{s('name')}</v>", "s"),
             cell("C1", f"<v>{s('born')}</v>", "s"), cell("D1", f"<v>{s('income')}</v>", "s"),
             cell("E1", f"<v>{s('share')}</v>", "s"), cell("F1", f"<v>{s('member')}</v>", "s"),
             cell("G1", f"<v>{s('joined')}</v>", "s"), cell("H1", f"<v>{s('total')}</v>", "s"),
             cell("I1", "<is><t>remark</t></is>", "inlineStr")]),
        (2, [cell("A2", "<v>1</v>"), cell("B2", f"<v>{rich}</v>", "s"), cell("C2", "<v>32874</v>", style=iso),
             cell("D2", "<v>1234.5</v>", style=money), cell("E2", "<v>0.256</v>", style=percent),
             cell("F2", "<v>1</v>", "b"), cell("G2", "<v>45306</v>", style=us_date),
             cell("H2", "<f>D2*2</f><v>2469</v>"), cell("I2", "<f>B2&amp;\"!\"</f><v>Ann Lee!</v>", "str")]),
        (4, [cell("A4", "<v>2</v>"), cell("B4", f"<v>{s('Bob, Jr.')}</v>", "s"), cell("C4", "<v>1</v>", style=iso),
             cell("D4", "<v>-0.5</v>", style=money), cell("F4", "<v>0</v>", "b"),
             cell("I4", "<is><r><t>two </t></r><r><t>runs</t></r></is>", "inlineStr")]),
        (5, [cell(None, "<v>3</v>"), cell(None, f"<v>{s('Zoë')}</v>", "s"), cell(None, "<v>61</v>", style=iso),
             cell(None, "<v>1000000</v>", style=money), cell(None, "<v>1</v>", style=percent), cell(None, ""),
             cell(None, "<v>0.75</v>", style=clock), cell(None, "<f>1/3</f><v>0.33333333333333331</v>"),
             cell(None, "<v>#DIV/0!</v>", "e")]),
        (6, [cell("B6", f"<v>{s('NA')}</v>", "s"), cell("H6", "<v>123456789012</v>")]),
        (7, []),
    ]
    second = [
        (1, [cell("A1", f"<v>{s('key')}</v>", "s"), cell("B1", f"<v>{s('value')}</v>", "s")]),
        (2, [cell("A2", f"<v>{s('x')}</v>", "s"), cell("B2", "<v>0.1</v>")]),
        (3, [cell("A3", f"<v>{s('y')}</v>", "s"), cell("B3", "<v>0.30000000000000004</v>")]),
    ]
    accents = [
        (1, [cell("A1", f"<v>{s('ville')}</v>", "s")]),
        (2, [cell("A2", f"<v>{s('Besançon')}</v>", "s")]),
    ]
    write_workbook("features.xlsx", [("People", sheet_xml(people)), ("Second", sheet_xml(second)),
                                     ("Données", sheet_xml(accents))], styles, strings)


def date1904():
    styles, strings = Styles(), SharedStrings()
    iso = styles.style("yyyy-mm-dd")
    rows = [(1, [f'<c r="A1" t="s"><v>{strings.text("day")}</v></c>']), (2, [f'<c r="A2" s="{iso}"><v>0</v></c>']),
            (3, [f'<c r="A3" s="{iso}"><v>45306</v></c>'])]
    write_workbook("date1904.xlsx", [("Days", sheet_xml(rows))], styles, strings, date1904=True)


NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?")


def from_csv(name):
    """A table as a workbook whose cells show the CSV's texts."""
    styles, strings = Styles(), SharedStrings()
    rows = []
    with open(f"../tables/{name}.csv", newline="", encoding="utf-8") as source:
        for r, record in enumerate(csv.reader(source)):
            cells = []
            for c, text in enumerate(record):
                ref = f"{column_letters(c)}{r + 1}"
                if text == "":
                    continue
                if r > 0 and text != "-0" and NUMBER.fullmatch(text) and len(text.lstrip("-").replace(".", "")) <= 15:
                    decimals = len(text.split(".")[1]) if "." in text else 0
                    style = styles.style("0" if decimals == 0 else "0." + "0" * decimals) \
                        if len(text) > 11 or decimals > 0 else 0
                    attrs = f' s="{style}"' if style else ""
                    cells.append(f'<c r="{ref}"{attrs}><v>{text}</v></c>')
                else:
                    cells.append(f'<c r="{ref}" t="s"><v>{strings.text(text)}</v></c>')
            rows.append((r + 1, cells))
    write_workbook(f"{name}.xlsx", [(name, sheet_xml(rows))], styles, strings)


if __name__ == "__main__":
    features()
    date1904()
    from_csv("francdat")
    from_csv("sd2011")
