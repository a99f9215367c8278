#!/usr/bin/env python3
import struct, sys
def read(path):
    d = open(path,'rb').read()
    f = struct.unpack_from('<5Q', d, 0)
    n = f[4]; out = {}
    for i in range(n):
        o = 40 + i*48
        name = d[o:o+24].rstrip(b'\0').decode()
        off, cnt, ck = struct.unpack_from('<3Q', d, o+24)
        out[name] = cnt
    return len(d), out
tot, a = read(sys.argv[1])
b = read(sys.argv[2])[1] if len(sys.argv) > 2 else None
print(f"total {tot:,} bytes, {len(a)} sections")
for k, v in sorted(a.items(), key=lambda kv: -kv[1]):
    extra = f"  {b.get(k,0):>12,}  {v-b.get(k,0):+,}" if b is not None else ""
    print(f"{k:26} {v:>12,}{extra}")
if b is not None:
    for k in b:
        if k not in a: print(f"{k:26} {0:>12,}  {b[k]:>12,}  gone")
