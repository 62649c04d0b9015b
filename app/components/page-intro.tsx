import type { ReactNode } from "react";

/** A plain page heading with one line under it, for screens without a header image. */
export function PageIntro({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="border-b border-brand-100 bg-sand/60">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-semibold sm:text-5xl">{title}</h1>
        {children ? <p className="mt-3 max-w-2xl text-lg text-muted">{children}</p> : null}
      </div>
    </div>
  );
}

/** A centred card for the sign-in family of screens. */
export function AuthCard({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-sand/50 px-4 py-16 sm:px-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100">
        <h1 className="text-3xl font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  );
}
