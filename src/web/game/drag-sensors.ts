/** The pointer sensor the play page's drags share (the ranking list and the tier board). */
import { PointerSensor, type PointerSensorOptions } from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';

/** Mouse and pen only: touch goes to the TouchSensor, whose long-press delay leaves scrolling alone. */
export class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) => {
        if (event.nativeEvent.pointerType === 'touch') return false;
        const [activator] = PointerSensor.activators;
        return activator ? activator.handler(event, options) : false;
      },
    },
  ];
}
