import { fileUrl, type StoredFile } from '@interior/contracts';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import {
  AmbientLight,
  Box3,
  Color,
  DirectionalLight,
  GridHelper,
  Group,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

/**
 * A model's .glb in an interactive 3D view (drag to turn, wheel to zoom), with three.js. This module
 * is loaded only when a model's page opens (ModelPreview lazy-loads it), so three.js never weighs
 * on other screens.
 */
export default function ModelViewer({ source }: { source: string }) {
  const record = useRecordContext();
  const file = record?.[source] as StoredFile | null | undefined;
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed' | 'noWebgl'>('loading');

  useEffect(() => {
    const host = container.current;
    if (!host || !file) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true });
    } catch {
      setState('noWebgl');
      return;
    }
    const width = host.clientWidth || 480;
    const height = Math.round(width * 0.75);
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.setSize(width, height);
    renderer.domElement.setAttribute('aria-label', `${file.originalName} 3D 미리 보기`);
    renderer.domElement.setAttribute('role', 'img');
    host.appendChild(renderer.domElement);

    const scene = new Scene();
    scene.background = new Color('#f3f4f6');
    scene.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 2);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const camera = new PerspectiveCamera(45, width / height, 0.01, 1000);
    camera.position.set(2, 1.5, 2);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;

    let frame = 0;
    const render = () => {
      controls.update();
      renderer.render(scene, camera);
      frame = requestAnimationFrame(render);
    };
    let disposed = false;
    new GLTFLoader().load(
      fileUrl(file),
      (gltf) => {
        if (disposed) return;
        // A file may hold no default scene (only its first, or none at all: then the grid alone).
        const model = gltf.scene ?? gltf.scenes[0] ?? new Group();
        scene.add(model);
        // Frame the model whatever its units: the camera looks at its middle from a distance that fits it.
        const box = new Box3().setFromObject(model);
        const size = box.isEmpty() ? 1 : box.getSize(new Vector3()).length() || 1;
        const center = box.isEmpty() ? new Vector3() : box.getCenter(new Vector3());
        const grid = new GridHelper(size * 2, 10, 0xcccccc, 0xe5e7eb);
        grid.position.y = box.isEmpty() ? 0 : box.min.y;
        scene.add(grid);
        controls.target.copy(center);
        camera.position.copy(center).add(new Vector3(size * 0.9, size * 0.6, size * 0.9));
        camera.near = size / 100;
        camera.far = size * 100;
        camera.updateProjectionMatrix();
        setState('shown');
      },
      undefined,
      () => {
        if (!disposed) setState('failed');
      },
    );
    render();
    return () => {
      disposed = true;
      cancelAnimationFrame(frame);
      controls.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [file]);

  if (!file) return <span>-</span>;
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <Box ref={container} sx={{ width: '100%', borderRadius: 1, overflow: 'hidden', lineHeight: 0 }} />
      {state === 'loading' && <Typography variant="body2">3D 모델을 불러오는 중입니다…</Typography>}
      {state === 'shown' && (
        <Typography variant="caption" color="text.secondary">
          끌어서 돌리고, 휠이나 두 손가락으로 확대·축소합니다.
        </Typography>
      )}
      {state === 'failed' && (
        <Alert severity="error">3D 모델을 열 수 없습니다. 파일이 올바른 glTF(.glb)인지 확인해 주세요.</Alert>
      )}
      {state === 'noWebgl' && (
        <Alert severity="warning">이 브라우저에서는 3D 미리 보기를 할 수 없습니다(WebGL 없음).</Alert>
      )}
    </Box>
  );
}
