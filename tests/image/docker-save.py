#!/usr/bin/env python3
"""docker-save.py STYLE IN.tar OUT.tar - rewrite a docker-archive written by
skopeo/buildah (containers/image docker/internal/tarfile: layers at the top
as <diffid>.tar, <v1id>/layer.tar symlinks) into the layout `docker save`
writes, so that the reader is tested on both without a Docker daemon:

  v24  moby v24.0.0 image/tarexport/save.go: <v1id>/layer.tar (the layer
       itself, uncompressed), <v1id>/VERSION, <v1id>/json, <imageid>.json,
       manifest.json [{Config, RepoTags, Layers: ["<v1id>/layer.tar"]}],
       repositories.
  v25  moby v25.0.0 (daemon/internal/image/tarexport/save.go): an OCI image
       layout (oci-layout, index.json with io.containerd.image.name and
       org.opencontainers.image.ref.name, blobs/sha256/ holding the config,
       an OCI manifest and each layer uncompressed, named by its DiffID),
       plus manifest.json (Config and Layers as blobs/sha256/<hex>) and
       repositories.
"""
import hashlib, io, json, sys, tarfile

style, src, dst = sys.argv[1:4]
members = {}
with tarfile.open(src) as t:
    for m in t.getmembers():
        if m.isfile():
            members[m.name] = t.extractfile(m).read()
man = json.loads(members['manifest.json'])[0]
config = members[man['Config']]
cfg = json.loads(config)
layers = [members[l] for l in man['Layers']]
diff_ids = cfg['rootfs']['diff_ids']
tags = man.get('RepoTags') or []

def add(t, name, data):
    ti = tarfile.TarInfo(name)
    ti.size = len(data)
    ti.mode = 0o644
    t.addfile(ti, io.BytesIO(data))

def adddir(t, name):
    ti = tarfile.TarInfo(name)
    ti.type = tarfile.DIRTYPE
    ti.mode = 0o755
    t.addfile(ti)

out = io.BytesIO()
with tarfile.open(fileobj=out, mode='w', format=tarfile.PAX_FORMAT) as t:
    if style == 'v24':
        parent = ''
        names = []
        for i, layer in enumerate(layers):
            v1 = hashlib.sha256((parent + ' ' + diff_ids[i]).encode()).hexdigest()
            adddir(t, v1)
            add(t, v1 + '/VERSION', b'1.0')
            add(t, v1 + '/json', json.dumps({'id': v1, 'parent': parent} if parent else {'id': v1}).encode())
            add(t, v1 + '/layer.tar', layer)
            names.append(v1 + '/layer.tar')
            parent = v1
        imgid = hashlib.sha256(config).hexdigest()
        add(t, imgid + '.json', config)
        add(t, 'manifest.json', json.dumps([{'Config': imgid + '.json', 'RepoTags': tags, 'Layers': names}]).encode())
        repos = {}
        for tag in tags:
            r, _, tg = tag.rpartition(':')
            repos.setdefault(r, {})[tg] = parent
        add(t, 'repositories', json.dumps(repos).encode())
    elif style == 'v25':
        adddir(t, 'blobs')
        adddir(t, 'blobs/sha256')
        chex = hashlib.sha256(config).hexdigest()
        add(t, 'blobs/sha256/' + chex, config)
        descs = []
        for i, layer in enumerate(layers):
            h = hashlib.sha256(layer).hexdigest()
            assert 'sha256:' + h == diff_ids[i], 'an uncompressed layer is its own diff'
            add(t, 'blobs/sha256/' + h, layer)
            descs.append({'mediaType': 'application/vnd.oci.image.layer.v1.tar', 'digest': 'sha256:' + h,
                          'size': len(layer)})
        manifest = json.dumps({'schemaVersion': 2, 'mediaType': 'application/vnd.oci.image.manifest.v1+json',
                               'config': {'mediaType': 'application/vnd.oci.image.config.v1+json',
                                          'digest': 'sha256:' + chex, 'size': len(config)},
                               'layers': descs}).encode()
        mhex = hashlib.sha256(manifest).hexdigest()
        add(t, 'blobs/sha256/' + mhex, manifest)
        ann = {}
        if tags:
            ann = {'io.containerd.image.name': 'docker.io/' + tags[0], 'org.opencontainers.image.ref.name':
                   tags[0].rpartition(':')[2]}
        add(t, 'index.json', json.dumps({'schemaVersion': 2, 'mediaType': 'application/vnd.oci.image.index.v1+json',
                                         'manifests': [{'mediaType': 'application/vnd.oci.image.manifest.v1+json',
                                                        'digest': 'sha256:' + mhex, 'size': len(manifest),
                                                        'annotations': ann}]}).encode())
        add(t, 'oci-layout', b'{"imageLayoutVersion": "1.0.0"}')
        add(t, 'manifest.json', json.dumps([{'Config': 'blobs/sha256/' + chex, 'RepoTags': tags,
                                             'Layers': ['blobs/sha256/' + d['digest'][7:] for d in descs]}]).encode())
        add(t, 'repositories', b'{}')
    else:
        sys.exit('style: v24 or v25')
open(dst, 'wb').write(out.getvalue())
