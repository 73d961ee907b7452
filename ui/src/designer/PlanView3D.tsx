import {
  type DesignDocument,
  fileUrl,
  type MountedProduct,
  mountedBottom,
  type StoredFile,
  wallsOfRoom,
} from '@interior/contracts';
import { Alert, Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  AmbientLight,
  Box3,
  BoxGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Group,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  RepeatWrapping,
  Scene,
  Shape,
  ShapeGeometry,
  SRGBColorSpace,
  TextureLoader,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { roomSidesOfWall } from './edit';
import { averageColourOf } from './image-colour';

export interface MaterialLook {
  texture?: StoredFile | null;
}
/** A product in 3D: its size, how it is mounted (floor, wall, ceiling; contracts' mountedBottom). */
export interface ProductBox extends MountedProduct {
  width: number;
  depth: number;
  /** The product's own 3D model (.glb), shown fitted to its size instead of the box. */
  model?: StoredFile | null;
  /** Its top view (first image): a box takes the picture's colour. */
  image?: StoredFile | null;
}

/** A wall drawing of the catalogue: its size and its elements (y down from its top), in mm. */
export interface WallDrawingLook {
  width: number;
  height: number;
  elements: readonly { materialId: number; x: number; y: number; width: number; height: number }[];
}

/** How far in front of the wall's face a wall drawing's elements stand, mm (clear of the wall's paint). */
const DRAWING_GAP_MM = 5;

/** Millimetres of the plan as metres of the scene; the plan's y (down) is the scene's z. */
const M = 1 / 1000;

/**
 * The document in 3D (docs/designer.md), with three.js: floors with their material's texture,
 * walls extruded to their height with the doors and windows cut out, wall drawings on their
 * walls, products as their model or a box of their size, mounted as the catalogue says; drag to
 * orbit, wheel to zoom. Loaded only when the editor's 3D view opens.
 */
export default function PlanView3D({
  doc,
  materials,
  products,
  wallDrawings,
}: {
  doc: DesignDocument;
  materials: ReadonlyMap<number, MaterialLook>;
  products: ReadonlyMap<number, ProductBox>;
  /** The catalogue's wall drawings, by id. */
  wallDrawings: ReadonlyMap<number, WallDrawingLook>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'orbit' | 'walk'>('orbit');

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true });
    } catch {
      setFailed(true);
      return;
    }
    const width = element.clientWidth || 800;
    const height = element.clientHeight || 600;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.setSize(width, height);
    renderer.domElement.setAttribute('role', 'img');
    renderer.domElement.setAttribute('aria-label', '디자인 3D 보기');
    element.appendChild(renderer.domElement);

    const scene = new Scene();
    scene.background = new Color('#eef1f4');
    scene.add(new AmbientLight(0xffffff, 1.4));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(5, 10, 7);
    scene.add(sun);
    const loader = new TextureLoader();
    const disposables: { dispose(): void }[] = [];
    const material = (options: ConstructorParameters<typeof MeshStandardMaterial>[0]) => {
      const made = new MeshStandardMaterial(options);
      disposables.push(made);
      return made;
    };
    /** A material's texture, repeated (once per metre: the geometries' uv run in metres). */
    const repeatingTexture = (file: Parameters<typeof fileUrl>[0]) => {
      const texture = loader.load(fileUrl(file));
      texture.wrapS = RepeatWrapping;
      texture.wrapT = RepeatWrapping;
      texture.colorSpace = SRGBColorSpace;
      disposables.push(texture);
      return texture;
    };

    // Floors: each room's outline, with its floor material's texture when it has one.
    for (const room of doc.rooms) {
      if (room.polygon.length < 3) continue;
      const shape = new Shape(room.polygon.map((p) => ({ x: p.x * M, y: p.y * M }) as never));
      const geometry = new ShapeGeometry(shape);
      disposables.push(geometry);
      const look = room.floorMaterialId ? materials.get(room.floorMaterialId) : undefined;
      const floor = material({ color: look?.texture ? 0xffffff : 0xd7ccc8, side: DoubleSide });
      if (look?.texture) floor.map = repeatingTexture(look.texture);
      const mesh = new Mesh(geometry, floor);
      // The shape lies in x–y; turned flat, its y becomes the scene's z.
      mesh.rotation.x = Math.PI / 2;
      scene.add(mesh);
    }

    // A texture per material, loaded once; a wall takes the wall finish of a room it bounds.
    const textures = new Map<number, MeshStandardMaterial>();
    const finish = (materialId: number | null | undefined) => {
      const look = materialId ? materials.get(materialId) : undefined;
      if (!materialId || !look?.texture) return null;
      const known = textures.get(materialId);
      if (known) return known;
      const made = material({ color: 0xffffff, map: repeatingTexture(look.texture) });
      textures.set(materialId, made);
      return made;
    };
    const wallFinish = new Map<string, MeshStandardMaterial>();
    for (const room of doc.rooms) {
      const look = finish(room.wallMaterialId);
      if (!look) continue;
      for (const wall of wallsOfRoom(doc.walls, room.polygon))
        if (!wallFinish.has(wall.id)) wallFinish.set(wall.id, look);
    }

    // Walls: solid pieces between the openings, and the parts below a window and above each opening.
    const plainPaint = material({ color: 0xf5f5f0 });
    for (const wall of doc.walls) {
      const wallPaint = wallFinish.get(wall.id) ?? plainPaint;
      const length = Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y);
      if (length === 0) continue;
      const angle = Math.atan2(wall.b.y - wall.a.y, wall.b.x - wall.a.x);
      const piece = (from: number, to: number, bottom: number, top: number) => {
        if (to - from <= 0 || top - bottom <= 0) return;
        const geometry = new BoxGeometry((to - from) * M, (top - bottom) * M, wall.thickness * M);
        disposables.push(geometry);
        const mesh = new Mesh(geometry, wallPaint);
        const middle = (from + to) / 2;
        mesh.position.set(
          (wall.a.x + Math.cos(angle) * middle) * M,
          ((bottom + top) / 2) * M,
          (wall.a.y + Math.sin(angle) * middle) * M,
        );
        mesh.rotation.y = -angle;
        scene.add(mesh);
      };
      const openings = doc.openings.filter((o) => o.wallId === wall.id).sort((a, b) => a.offset - b.offset);
      let cursor = 0;
      for (const o of openings) {
        const start = Math.max(cursor, o.offset);
        const end = Math.min(length, o.offset + o.width);
        piece(cursor, start, 0, wall.height);
        piece(start, end, 0, o.sill);
        piece(start, end, Math.min(wall.height, o.sill + o.height), wall.height);
        cursor = Math.max(cursor, end);
      }
      piece(cursor, length, 0, wall.height);
    }

    // Wall drawings (아트월): each element in its material's texture, or a shade of its own, just
    // in front of the wall's face toward the room the wall bounds (both faces when the wall bounds
    // no room or two: the estimate takes the elements off both rooms' wall finish then too).
    const elementPaint = new Map<number, MeshStandardMaterial>();
    const paintOf = (materialId: number) => {
      const textured = finish(materialId);
      if (textured) return textured;
      let made = elementPaint.get(materialId);
      if (!made) {
        made = material({ color: new Color().setHSL(((materialId * 47) % 360) / 360, 0.3, 0.72) });
        elementPaint.set(materialId, made);
      }
      return made;
    };
    const wallsById = new Map(doc.walls.map((w) => [w.id, w]));
    let pieces = 0;
    for (const placed of doc.wallDrawings) {
      const wall = wallsById.get(placed.wallId);
      const drawing = wallDrawings.get(placed.wallDrawingId);
      const length = wall ? Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y) : 0;
      if (!wall || !drawing || length === 0) continue;
      const ux = (wall.b.x - wall.a.x) / length;
      const uy = (wall.b.y - wall.a.y) / length;
      const known = roomSidesOfWall(doc, wall);
      for (const side of known.length === 1 ? known : [1, -1]) {
        // The face's outward normal in the plan; seen from side 1 the wall runs from a on the
        // left to b on the right, from side −1 the other way, and the drawing reads as drawn.
        const nx = -uy * side;
        const ny = ux * side;
        const out = wall.thickness / 2 + DRAWING_GAP_MM;
        for (const e of drawing.elements) {
          if (e.width <= 0 || e.height <= 0) continue;
          const left = side === 1 ? e.x : drawing.width - e.x - e.width;
          const along = placed.offset + left + e.width / 2;
          const geometry = new PlaneGeometry(e.width * M, e.height * M);
          // A texture repeat per metre, as on the floors.
          const uv = geometry.attributes.uv!;
          for (let i = 0; i < uv.count; i++) uv.setXY(i, uv.getX(i) * e.width * M, uv.getY(i) * e.height * M);
          disposables.push(geometry);
          const mesh = new Mesh(geometry, paintOf(e.materialId));
          mesh.position.set(
            (wall.a.x + ux * along + nx * out) * M,
            (drawing.height - e.y - e.height / 2) * M,
            (wall.a.y + uy * along + ny * out) * M,
          );
          // The plane faces +z; turned to face the normal (its +x then runs to the viewer's right).
          mesh.rotation.y = Math.atan2(nx, ny);
          mesh.name = `walldrawing:${placed.id}`;
          scene.add(mesh);
          pieces++;
        }
      }
    }
    // How many wall-drawing pieces the scene holds: the browser test reads it.
    element.dataset.wallDrawingPieces = String(pieces);

    // Products: their own 3D model fitted to their catalogue size, else a box of that size in the
    // colour of its picture; standing on the floor, on a wall at their elevation, or hanging from
    // the ceiling above them.
    let disposed = false;
    const PLAIN_BOX = '#b0a89e';
    const boxLooks = new Map<string, Promise<MeshStandardMaterial>>();
    const boxLook = (image: StoredFile | null | undefined) => {
      const url = image ? fileUrl(image) : '';
      let look = boxLooks.get(url);
      if (!look) {
        look = (url ? averageColourOf(url) : Promise.resolve(null)).then((colour) =>
          material({ color: colour ?? PLAIN_BOX }),
        );
        boxLooks.set(url, look);
      }
      return look;
    };
    // The colour each box wears: the browser test reads it.
    const colours: Record<string, string> = {};
    const models = new GLTFLoader();
    // Where each product ended up (bottom and top above the floor, mm): the browser test reads it.
    const heights: Record<string, [number, number]> = {};
    const place = (
      object: Group | Mesh,
      item: (typeof doc.items)[number],
      bottom: number,
      height: number,
    ) => {
      object.position.set(item.x * M, bottom * M, item.y * M);
      object.rotation.y = (-item.rotation * Math.PI) / 180;
      if (object instanceof Mesh) object.position.y = (bottom + height / 2) * M;
      scene.add(object);
      const bounds = new Box3().setFromObject(object);
      heights[item.id] = [Math.round(bounds.min.y / M), Math.round(bounds.max.y / M)];
      element.dataset.itemHeights = JSON.stringify(heights);
    };
    for (const item of doc.items) {
      const size = products.get(item.productId) ?? { width: 800, depth: 800, height: 800 };
      const bottom = mountedBottom(doc, item, size);
      const box = async () => {
        const look = await boxLook(size.image);
        if (disposed) return;
        const geometry = new BoxGeometry(size.width * M, size.height * M, size.depth * M);
        disposables.push(geometry);
        colours[item.id] = `#${look.color.getHexString()}`;
        element.dataset.itemColours = JSON.stringify(colours);
        place(new Mesh(geometry, look), item, bottom, size.height);
      };
      if (!size.model) {
        void box();
        continue;
      }
      models.load(
        fileUrl(size.model),
        (gltf) => {
          if (disposed) return;
          const bounds = new Box3().setFromObject(gltf.scene);
          const extent = bounds.getSize(new Vector3());
          // A model with nothing in it shows as the box.
          if (bounds.isEmpty() || extent.x === 0 || extent.y === 0 || extent.z === 0) return void box();
          const fitted = new Group();
          gltf.scene.position.sub(
            new Vector3((bounds.min.x + bounds.max.x) / 2, bounds.min.y, (bounds.min.z + bounds.max.z) / 2),
          );
          fitted.add(gltf.scene);
          fitted.scale.set(
            (size.width * M) / extent.x,
            (size.height * M) / extent.y,
            (size.depth * M) / extent.z,
          );
          const holder = new Group();
          holder.add(fitted);
          place(holder, item, bottom, size.height);
        },
        undefined,
        () => {
          if (!disposed) void box();
        },
      );
    }

    // The camera looks at the middle of what is drawn, from above a corner.
    const xs = [
      ...doc.walls.flatMap((w) => [w.a.x, w.b.x]),
      ...doc.rooms.flatMap((r) => r.polygon.map((p) => p.x)),
    ];
    const zs = [
      ...doc.walls.flatMap((w) => [w.a.y, w.b.y]),
      ...doc.rooms.flatMap((r) => r.polygon.map((p) => p.y)),
    ];
    const cx = xs.length ? ((Math.min(...xs) + Math.max(...xs)) / 2) * M : 0;
    const cz = zs.length ? ((Math.min(...zs) + Math.max(...zs)) / 2) * M : 0;
    const span = xs.length
      ? Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...zs) - Math.min(...zs)) * M
      : 5;
    const camera = new PerspectiveCamera(50, width / height, 0.05, 1000);
    const controls = new OrbitControls(camera, renderer.domElement);
    // Walking: eye height 1.6 m in the first room, arrow keys or WASD to walk and turn, drag to look.
    const keys = new Set<string>();
    let yaw = 0;
    let pitch = 0;
    let looking: { x: number; y: number } | null = null;
    const onKeyDown = (event: KeyboardEvent) => keys.add(event.key.toLowerCase());
    const onKeyUp = (event: KeyboardEvent) => keys.delete(event.key.toLowerCase());
    const onDown = (event: PointerEvent) => {
      looking = { x: event.clientX, y: event.clientY };
    };
    const onMove = (event: PointerEvent) => {
      if (!looking) return;
      yaw -= (event.clientX - looking.x) * 0.005;
      pitch = Math.max(-1.2, Math.min(1.2, pitch - (event.clientY - looking.y) * 0.005));
      looking = { x: event.clientX, y: event.clientY };
    };
    const onUp = () => {
      looking = null;
    };
    if (mode === 'walk') {
      controls.enabled = false;
      // From just inside the first room's far side, looking across it.
      const first = doc.rooms[0]?.polygon;
      const start = first?.length
        ? {
            x: ((Math.min(...first.map((p) => p.x)) + Math.max(...first.map((p) => p.x))) / 2) * M,
            z: Math.max(...first.map((p) => p.y)) * M - 0.4,
          }
        : { x: cx, z: cz + span / 2 };
      camera.position.set(start.x, 1.6, start.z);
      // A wider view and the eyes a little down, as one looks into a room.
      camera.fov = 70;
      camera.updateProjectionMatrix();
      pitch = -0.25;
      window.addEventListener('keydown', onKeyDown);
      window.addEventListener('keyup', onKeyUp);
      renderer.domElement.addEventListener('pointerdown', onDown);
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
    } else {
      camera.position.set(cx + span * 0.9, span * 1.1 + 2, cz + span * 1.1);
      controls.target.set(cx, 0, cz);
      controls.enableDamping = true;
      controls.update();
    }

    let frame = 0;
    let last = performance.now();
    const render = (now: number) => {
      const seconds = Math.min(0.1, (now - last) / 1000);
      last = now;
      if (mode === 'walk') {
        const turn =
          (keys.has('arrowleft') || keys.has('a') ? 1 : 0) -
          (keys.has('arrowright') || keys.has('d') ? 1 : 0);
        const step =
          (keys.has('arrowup') || keys.has('w') ? 1 : 0) - (keys.has('arrowdown') || keys.has('s') ? 1 : 0);
        yaw += turn * seconds * 1.5;
        camera.position.x += -Math.sin(yaw) * step * seconds * 1.4;
        camera.position.z += -Math.cos(yaw) * step * seconds * 1.4;
        camera.rotation.set(pitch, yaw, 0, 'YXZ');
      } else controls.update();
      renderer.render(scene, camera);
      frame = requestAnimationFrame(render);
    };
    frame = requestAnimationFrame(render);
    return () => {
      disposed = true;
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      controls.dispose();
      for (const d of disposables) d.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [doc, materials, products, wallDrawings, mode]);

  if (failed)
    return <Alert severity="warning">이 브라우저에서는 3D 보기를 할 수 없습니다(WebGL 없음).</Alert>;
  return (
    <Box sx={{ width: '100%', height: '100%', position: 'relative' }}>
      <Box ref={host} data-testid="designer-3d" sx={{ width: '100%', height: '100%' }} />
      <Box
        sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', borderRadius: 1, p: 0.5 }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_, value) => value && setMode(value)}
        >
          <ToggleButton value="orbit">둘러보기</ToggleButton>
          <ToggleButton value="walk">걷기</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="caption" component="p" sx={{ px: 0.5 }}>
          {mode === 'orbit'
            ? '끌어서 돌리고 휠로 확대합니다.'
            : '방향키(WASD)로 걷고 돌며, 끌어서 둘러봅니다.'}
        </Typography>
      </Box>
    </Box>
  );
}
