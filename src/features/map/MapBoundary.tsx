import { Component, type ReactNode } from 'react';

interface MapBoundaryProps {
  children: ReactNode;
  fallback: ReactNode;
}

/** Without WebGL, or when the map's code cannot load, the page keeps working without the map. */
export class MapBoundary extends Component<MapBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
