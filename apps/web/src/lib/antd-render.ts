import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/** antd-mobile renders Toast, Dialog and Popup imperatively with React 18's legacy API; React 19 needs createRoot. */
export function setupAntdRender(): void {
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
