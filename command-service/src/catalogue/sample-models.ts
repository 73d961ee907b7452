import { Document, NodeIO } from '@gltf-transform/core';
import type { Part, Rgb } from './sample-shapes';

/** Sides of a cylinder: round enough at furniture sizes. */
const SEGMENTS = 20;

interface Mesh {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** A box of size 1 around the origin: six faces of their own, so each keeps its flat normal. */
function unitBox(): Mesh {
  const mesh: Mesh = { positions: [], normals: [], indices: [] };
  const faces: [number[], number[], number[]][] = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 1, 0],
      [0, 0, -1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [0, 0, -1],
      [1, 0, 0],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = mesh.positions.length / 3;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      for (let k = 0; k < 3; k++) mesh.positions.push((n[k]! + su * u[k]! + sv * v[k]!) / 2);
      mesh.normals.push(...n);
    }
    // Counter-clockwise seen from outside (u × v = n).
    mesh.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return mesh;
}

/** A cylinder of diameter 1 and height 1 around the origin, upright, with its caps. */
function unitCylinder(): Mesh {
  const mesh: Mesh = { positions: [], normals: [], indices: [] };
  for (let i = 0; i <= SEGMENTS; i++) {
    const a = (i / SEGMENTS) * Math.PI * 2;
    const x = Math.cos(a);
    const z = Math.sin(a);
    mesh.positions.push(x / 2, -0.5, z / 2, x / 2, 0.5, z / 2);
    mesh.normals.push(x, 0, z, x, 0, z);
    if (i < SEGMENTS) {
      const k = i * 2;
      mesh.indices.push(k, k + 1, k + 3, k, k + 3, k + 2);
    }
  }
  for (const y of [0.5, -0.5]) {
    const centre = mesh.positions.length / 3;
    mesh.positions.push(0, y, 0);
    mesh.normals.push(0, Math.sign(y), 0);
    for (let i = 0; i <= SEGMENTS; i++) {
      const a = (i / SEGMENTS) * Math.PI * 2;
      mesh.positions.push(Math.cos(a) / 2, y, Math.sin(a) / 2);
      mesh.normals.push(0, Math.sign(y), 0);
    }
    for (let i = 0; i < SEGMENTS; i++) {
      const a = centre + 1 + i;
      if (y > 0) mesh.indices.push(centre, a + 1, a);
      else mesh.indices.push(centre, a, a + 1);
    }
  }
  return mesh;
}

/** sRGB 0–255 to glTF's linear colour factors. */
const linear = (colour: Rgb) => colour.map((c) => (c / 255) ** 2.2) as [number, number, number];

/**
 * A sample product's 3D model: its parts (sample-shapes.ts) as a binary glTF (.glb), in metres,
 * y up, its front toward −z as the editor's 3D view expects (the plan's y is the scene's z).
 */
export async function sampleModel(parts: readonly Part[], name: string): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene(name);
  const meshes = { box: unitBox(), cylinder: unitCylinder() };
  const materials = new Map<string, ReturnType<Document['createMaterial']>>();
  const primitives = new Map<string, ReturnType<Document['createMesh']>>();
  for (const part of parts) {
    const key = `${part.shape}:${part.colour.join(',')}`;
    let mesh = primitives.get(key);
    if (!mesh) {
      const colourKey = part.colour.join(',');
      let material = materials.get(colourKey);
      if (!material) {
        material = doc
          .createMaterial()
          .setBaseColorFactor([...linear(part.colour), 1])
          .setRoughnessFactor(0.8)
          .setMetallicFactor(0);
        materials.set(colourKey, material);
      }
      const geometry = meshes[part.shape];
      const accessor = (type: 'VEC3' | 'SCALAR', array: Float32Array | Uint16Array) =>
        doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
      const primitive = doc
        .createPrimitive()
        .setAttribute('POSITION', accessor('VEC3', new Float32Array(geometry.positions)))
        .setAttribute('NORMAL', accessor('VEC3', new Float32Array(geometry.normals)))
        .setIndices(accessor('SCALAR', new Uint16Array(geometry.indices)))
        .setMaterial(material);
      mesh = doc.createMesh(key).addPrimitive(primitive);
      primitives.set(key, mesh);
    }
    const m = (v: number) => v / 1000;
    scene.addChild(
      doc
        .createNode()
        .setMesh(mesh)
        .setTranslation([m(part.at[0]), m(part.at[1]), m(part.at[2])])
        .setScale([m(part.size[0]), m(part.size[1]), m(part.size[2])]),
    );
  }
  doc.getRoot().setDefaultScene(scene);
  return new NodeIO().writeBinary(doc);
}
