import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

let done = false;

/**
 * antd-mobile renders Toast, Dialog and ImageViewer imperatively with React 18's legacy API; React 19 needs createRoot.
 * Called by the modules that use those when they first show one (lib/toast, lib/dialog) or load (ImageUploader's
 * preview), not at start: antd-mobile's legacy renderer (rc-util and Babel's helpers) would otherwise be part of every
 * first page.
 */
export function setupAntdRender(): void {
  if (done) return;
  done = true;
  unstableSetRender((node, container) => {
    const host = container as Element & { _reactRoot?: Root };
    host._reactRoot ??= createRoot(container);
    const root = host._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      host._reactRoot = undefined;
    };
  });
}
