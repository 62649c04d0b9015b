import type { DiffPart } from "../../lib/history.ts";

/** Insertions in green and underlined, deletions in red and struck through: not colour alone. */
export function WordDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className="bg-green-100 text-green-900 underline decoration-2">
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} className="bg-red-100 text-red-900 line-through decoration-2">
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

/** What the marks mean, in words as well as colours. */
export function DiffLegend({ added, removed }: { added: string; removed: string }) {
  return (
    <p className="flex flex-wrap gap-4 text-sm">
      <span>
        <ins className="bg-green-100 text-green-900 underline decoration-2">Underlined green</ins> ={" "}
        {added}
      </span>
      <span>
        <del className="bg-red-100 text-red-900 line-through decoration-2">Struck-through red</del>{" "}
        = {removed}
      </span>
    </p>
  );
}
