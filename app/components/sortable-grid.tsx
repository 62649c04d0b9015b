import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ArrowLeftIcon, ArrowRightIcon, GripIcon } from "./admin/admin-icons.tsx";

type SortableGridProps<T extends { id: number }> = {
  items: readonly T[];
  /** The accessible name of the list, e.g. "Projects". */
  label: string;
  /** Used in announcements and button names. */
  itemName: (item: T) => string;
  /** Grid classes, e.g. "grid gap-4 sm:grid-cols-2 lg:grid-cols-4". */
  className?: string;
  /** The card; the caller places `dragHandle` (the move buttons before hydration). */
  renderItem: (item: T, dragHandle: ReactNode) => ReactNode;
  /** After a drop that changed the order (with JavaScript), with the new full order. */
  onReorder: (orderedIds: number[]) => void;
  /** True while the order from `onReorder` is being saved. */
  saving?: boolean;
  /** Where the no-JavaScript move buttons post `id` and `direction` ("earlier" | "later"). */
  moveAction: string;
  /** Extra hidden fields of those posts, e.g. { intent: "move" }. */
  moveFields?: Record<string, string>;
};

/**
 * A list of cards in a grid that staff put in order: by dragging a handle (pointer or
 * keyboard, announced to screen readers) once the page runs JavaScript, and by "earlier" /
 * "later" buttons that post a plain form before that.
 */
export function SortableGrid<T extends { id: number }>(props: SortableGridProps<T>) {
  const hydrated = useHydrated();
  return hydrated ? <DraggableGrid {...props} /> : <MoveButtonGrid {...props} />;
}

function MoveButtonGrid<T extends { id: number }>({
  items,
  label,
  itemName,
  className,
  renderItem,
  moveAction,
  moveFields,
}: SortableGridProps<T>) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item, index) => (
        <li key={item.id} className="min-w-0">
          {renderItem(
            item,
            <span className="inline-flex gap-1">
              {index > 0 ? (
                <MoveForm
                  action={moveAction}
                  fields={moveFields}
                  id={item.id}
                  direction="earlier"
                  label={`Move ${itemName(item)} earlier`}
                />
              ) : null}
              {index < items.length - 1 ? (
                <MoveForm
                  action={moveAction}
                  fields={moveFields}
                  id={item.id}
                  direction="later"
                  label={`Move ${itemName(item)} later`}
                />
              ) : null}
            </span>,
          )}
        </li>
      ))}
    </ul>
  );
}

function MoveForm({
  action,
  fields,
  id,
  direction,
  label,
}: {
  action: string;
  fields?: Record<string, string>;
  id: number;
  direction: "earlier" | "later";
  label: string;
}) {
  return (
    <form method="post" action={action} className="inline-flex">
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" aria-label={label} title={label} className={handleClass}>
        {direction === "earlier" ? <ArrowLeftIcon /> : <ArrowRightIcon />}
      </button>
    </form>
  );
}

const handleClass =
  "inline-flex size-9 items-center justify-center rounded-md bg-white/90 text-lg text-brand-800 shadow-sm ring-1 ring-brand-100 transition-colors hover:bg-brand-50";

function DraggableGrid<T extends { id: number }>({
  items,
  label,
  itemName,
  className,
  renderItem,
  onReorder,
  saving = false,
}: SortableGridProps<T>) {
  // The order shown: the caller's, or the one just dropped until the caller's items change.
  // Items that arrive while the drop is being saved were read before it (a reload an upload
  // started, say): they keep the dropped order, with any new item at the end.
  const [order, setOrder] = useState(() => items.map((item) => item.id));
  const [shownItems, setShownItems] = useState(items);
  if (shownItems !== items) {
    setShownItems(items);
    const ids = items.map((item) => item.id);
    setOrder(
      saving
        ? [...order.filter((id) => ids.includes(id)), ...ids.filter((id) => !order.includes(id))]
        : ids,
    );
  }

  // Once the drop's save is over, the caller's order: the saved one, or the one before the drop
  // when the save did not go through (no answer came, or the session had ended).
  const [wasSaving, setWasSaving] = useState(saving);
  if (saving !== wasSaving) {
    setWasSaving(saving);
    if (!saving) setOrder(items.map((item) => item.id));
  }

  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) => {
    const item = byId.get(Number(id));
    return item ? itemName(item) : "The item";
  };
  const positionOf = (id: UniqueIdentifier) =>
    `position ${order.indexOf(Number(id)) + 1} of ${order.length}`;
  // Where the dragged item was last announced: right after a pick-up dnd-kit reports the
  // starting place as a move, which would replace "Picked up …" before it is read.
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return `Picked up ${nameOf(active.id)}. ${capitalise(positionOf(active.id))}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      return `${nameOf(active.id)} moved to ${positionOf(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at ${positionOf(over.id)}.`
        : `${nameOf(active.id)} dropped where it was, at ${positionOf(active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${nameOf(active.id)} is back at ${positionOf(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = order.indexOf(Number(active.id));
    const to = order.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(order, from, to);
    setOrder(next);
    onReorder(next);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To pick up an item, press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={order} strategy={rectSortingStrategy}>
        <ul aria-label={label} className={className}>
          {ordered.map((item) => (
            <SortableCard key={item.id} id={item.id} name={itemName(item)}>
              {(handle) => renderItem(item, handle)}
            </SortableCard>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableCard({
  id,
  name,
  children,
}: {
  id: number;
  name: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${name}`}
      title="Drag to move (or press Space, then the arrow keys)"
      className={`${handleClass} cursor-grab touch-none active:cursor-grabbing`}
    >
      <GripIcon />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`min-w-0 ${isDragging ? "relative z-10 drop-shadow-xl" : ""}`}
    >
      {children(handle)}
    </li>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
