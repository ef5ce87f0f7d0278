#!/usr/bin/env python3
"""Writes the BurrTools puzzles (.xmpuzzle, plain XML) that polyform_bench.sh gives burrTxt: the
twelve pentominoes in 6x10, 5x12, 4x15 and 3x20, and the Soma cube, into the folder named.

BurrTools' XML (version 2): the shapes, each a voxel space whose string lists its cells x
fastest, '#' filled and '_' empty; one problem whose pieces are shapes with a count and whose
result is the box shape. A flat puzzle is one voxel thick."""
import os
import sys

PENTOMINOES = {
    'F': [".##", "##.", ".#."], 'I': ["#####"], 'L': ["####", "#..."], 'N': ["##..", ".###"],
    'P': ["##", "##", "#."], 'T': ["###", ".#.", ".#."], 'U': ["#.#", "###"],
    'V': ["#..", "#..", "###"], 'W': ["#..", "##.", ".##"], 'X': [".#.", "###", ".#."],
    'Y': ["####", ".#.."], 'Z': ["##.", ".#.", ".##"],
}
SOMA = {
    'V': [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    'L': [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    'T': [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    'Z': [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    'p': [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
    'a': [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],
    'b': [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],
}


def voxels(cells, name, size=None):
    sx, sy, sz = size or tuple(max(c[i] for c in cells) + 1 for i in range(3))
    filled = set(cells)
    text = ''.join('#' if (x, y, z) in filled else '_'
                   for z in range(sz) for y in range(sy) for x in range(sx))
    return f'  <voxel x="{sx}" y="{sy}" z="{sz}" type="0" name="{name}">{text}</voxel>\n'


def puzzle(pieces, box):
    out = '<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="0"/>\n <colors/>\n'
    out += ' <shapes>\n' + ''.join(voxels(cells, name) for name, cells in pieces.items())
    out += voxels([(x, y, z) for x in range(box[0]) for y in range(box[1]) for z in range(box[2])],
                  'box', box)
    out += ' </shapes>\n <problems>\n  <problem name="p">\n   <shapes>\n'
    out += ''.join(f'    <shape id="{i}" count="1"/>\n' for i in range(len(pieces)))
    out += f'   </shapes>\n   <result id="{len(pieces)}"/>\n   <bitmap/>\n  </problem>\n'
    return out + ' </problems>\n</puzzle>\n'


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    flat = {name: [(x, y, 0) for y, row in enumerate(rows) for x, c in enumerate(row) if c == '#']
            for name, rows in PENTOMINOES.items()}
    for rows, cols in [(6, 10), (5, 12), (4, 15), (3, 20)]:
        with open(os.path.join(folder, f'pentominoes-{rows}x{cols}.xmpuzzle'), 'w') as out:
            out.write(puzzle(flat, (cols, rows, 1)))
    with open(os.path.join(folder, 'soma.xmpuzzle'), 'w') as out:
        out.write(puzzle(SOMA, (3, 3, 3)))


if __name__ == '__main__':
    main()
