#!/usr/bin/env python3
"""mkoci.py SCENARIO OUT [MARK]: write a small OCI image layout (a directory)
or archive (OUT ending in .tar) for one case of 8603-image-hostile.
Everything follows image-spec v1.1 (oci-layout, index.json, manifest,
config, blobs named by sha256) except what the scenario breaks on purpose.
MARK names the file an escaping entry would create."""
import gzip, hashlib, io, json, os, sys, tarfile

scenario, out = sys.argv[1], sys.argv[2]
mark = sys.argv[3] if len(sys.argv) > 3 else 'gd-escape-mark'

def tar(entries, fmt=tarfile.PAX_FORMAT):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode='w', format=fmt) as t:
        for e in entries:
            ti = tarfile.TarInfo(e[0])
            k = e[1]
            if k == 'f':
                d = e[2] if isinstance(e[2], bytes) else e[2].encode()
                ti.size = len(d)
                t.addfile(ti, io.BytesIO(d))
            elif k == 'd':
                ti.type = tarfile.DIRTYPE
                ti.mode = 0o755
                t.addfile(ti)
            elif k == 'l':
                ti.type = tarfile.SYMTYPE
                ti.linkname = e[2]
                t.addfile(ti)
            elif k == 'h':
                ti.type = tarfile.LNKTYPE
                ti.linkname = e[2]
                t.addfile(ti)
    return b.getvalue()

base = tar([('etc', 'd'), ('etc/os-release', 'f', 'ID=debian\n')])
layers = [base]
mutate = None
if scenario == 'traversal':
    layers.append(tar([('../../../' + mark, 'f', 'escaped')]))
elif scenario == 'symlink-escape':
    layers.append(tar([('up', 'l', '../../../../../..'), ('up/' + mark, 'f', 'inside'),
                       ('abs', 'l', '/'), ('abs/' + mark + '2', 'f', 'inside')]))
elif scenario == 'hardlink-out':
    layers.append(tar([('pw', 'h', '../../../../etc/passwd')]))
elif scenario == 'huge-pax':
    layers.append(tar([('d/' * 3000 + 'x', 'f', 'deep')]))
elif scenario == 'bomb':
    layers.append(tar([('zeros', 'f', b'\0' * (64 << 20))]))
elif scenario == 'many':
    layers.append(tar([('f%05d' % i, 'f', '') for i in range(20000)]))
elif scenario in ('digest', 'size', 'sha512', 'blob-symlink', 'two', 'ok', 'truncated'):
    layers.append(tar([('etc/hello', 'f', 'hello\n')]))
    mutate = scenario
else:
    sys.exit('unknown scenario ' + scenario)

blobs = {}
def blob(data):
    h = hashlib.sha256(data).hexdigest()
    blobs[h] = data
    return 'sha256:' + h

gz = [gzip.compress(l, mtime=0) for l in layers]
if mutate == 'digest':
    gz[1] = layers[1]   # uncompressed, so that a same-sized change stays a tar
config = json.dumps({'architecture': 'amd64', 'os': 'linux',
                     'config': {'Env': ['PATH=/usr/bin:/bin'], 'Cmd': ['/bin/sh']},
                     'rootfs': {'type': 'layers',
                                'diff_ids': ['sha256:' + hashlib.sha256(l).hexdigest() for l in layers]}}).encode()
cdesc = {'mediaType': 'application/vnd.oci.image.config.v1+json', 'digest': blob(config), 'size': len(config)}
ldescs = [{'mediaType': 'application/vnd.oci.image.layer.v1.tar+gzip', 'digest': blob(g), 'size': len(g)} for g in gz]
if mutate == 'digest':
    ldescs[1]['mediaType'] = 'application/vnd.oci.image.layer.v1.tar'
if mutate == 'size':
    ldescs[1]['size'] += 1
if mutate == 'sha512':
    ldescs[1]['digest'] = 'sha512:' + hashlib.sha512(gz[1]).hexdigest()
manifest = json.dumps({'schemaVersion': 2, 'mediaType': 'application/vnd.oci.image.manifest.v1+json',
                       'config': cdesc, 'layers': ldescs}).encode()
mdesc = {'mediaType': 'application/vnd.oci.image.manifest.v1+json', 'digest': blob(manifest), 'size': len(manifest),
         'annotations': {'org.opencontainers.image.ref.name': 'one'}}
ms = [mdesc]
if mutate == 'two':
    other = json.dumps({'schemaVersion': 2, 'config': cdesc, 'layers': ldescs[:1]}).encode()
    ms.append({'mediaType': 'application/vnd.oci.image.manifest.v1+json', 'digest': blob(other), 'size': len(other),
               'annotations': {'org.opencontainers.image.ref.name': 'two'}})
index = json.dumps({'schemaVersion': 2, 'manifests': ms}).encode()
if mutate == 'digest':
    h = ldescs[1]['digest'][7:]
    blobs[h] = blobs[h].replace(b'hello\n', b'HELLO\n')   # same size, other bytes

if mutate == 'truncated':
    h = ldescs[1]['digest'][7:]
    blobs[h] = blobs[h][:len(blobs[h]) // 2]   # an interrupted download
files = {'oci-layout': b'{"imageLayoutVersion": "1.0.0"}', 'index.json': index}
for h, d in blobs.items():
    files['blobs/sha256/' + h] = d
if out.endswith('.tar'):
    with tarfile.open(out, 'w') as t:
        for n, d in files.items():
            ti = tarfile.TarInfo(n)
            ti.size = len(d)
            t.addfile(ti, io.BytesIO(d))
else:
    for n, d in files.items():
        p = os.path.join(out, n)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        open(p, 'wb').write(d)
    if mutate == 'blob-symlink':
        p = os.path.join(out, 'blobs/sha256', ldescs[1]['digest'][7:])
        os.remove(p)
        os.symlink('/etc/passwd', p)
