import type { HelpSection } from '@platform/contract/client';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Spinner } from '@/components';
import { useHelpCenter } from '../api/get-help-center';
import { paragraphs } from '../lib/paragraphs';
import { useErrorText } from '@/lib/error-text';
import './help-center.css';

export interface HelpCenterViewProps {
  /** 'page' shows the list and the article side by side on wide screens; 'modal' one at a time */
  layout: 'page' | 'modal';
  articleId: string | null;
  onArticleChange(articleId: string | null): void;
  enabled?: boolean;
}

type Article = HelpSection['articles'][number];

function findArticle(
  sections: HelpSection[],
  articleId: string | null,
): { section: HelpSection; article: Article } | null {
  if (!articleId) return null;
  for (const section of sections) {
    const article = section.articles.find((item) => item.id === articleId);
    if (article) return { section, article };
  }
  return null;
}

function SectionList({
  sections,
  activeArticleId,
  onSelect,
}: {
  sections: HelpSection[];
  activeArticleId: string | null;
  onSelect(articleId: string): void;
}) {
  const baseId = useId();
  const initiallyOpen = findArticle(sections, activeArticleId)?.section.id ?? sections[0]?.id;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(initiallyOpen ? [initiallyOpen] : []),
  );
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="content-help__sections">
      {sections.map((section) => {
        const open = expanded.has(section.id);
        const panelId = `${baseId}-${section.id}`;
        return (
          <section key={section.id} className="content-help__section">
            <h3 className="content-help__section-heading">
              <button
                type="button"
                className="content-help__section-toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(section.id)}
              >
                <span>{section.title}</span>
                <span className="content-help__chevron" aria-hidden="true" />
              </button>
            </h3>
            <ul id={panelId} className="content-help__articles" hidden={!open}>
              {section.articles.map((article) => (
                <li key={article.id}>
                  <button
                    type="button"
                    className="content-help__article-link"
                    aria-current={article.id === activeArticleId ? 'true' : undefined}
                    data-article-id={article.id}
                    onClick={() => onSelect(article.id)}
                  >
                    {article.title}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Help centre sections (an accordion) and the chosen article as plain text paragraphs. */
export function HelpCenterView({ layout, articleId, onArticleChange, enabled = true }: HelpCenterViewProps) {
  const { t } = useTranslation('content');
  const errorMessage = useErrorText('content', 'states.loadFailed');
  const query = useHelpCenter({ enabled });
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const found = query.data ? findArticle(query.data.sections, articleId) : null;
  const previousArticleRef = useRef<string | null>(null);

  const foundId = found?.article.id ?? null;

  useEffect(() => {
    const previous = previousArticleRef.current;
    previousArticleRef.current = foundId;
    if (foundId) {
      if (previous !== foundId) headingRef.current?.focus();
    } else if (previous) {
      // Back to the list: focus the link that opened the article.
      rootRef.current
        ?.querySelector<HTMLButtonElement>(`[data-article-id="${CSS.escape(previous)}"]`)
        ?.focus();
    }
  }, [foundId]);

  if (query.isPending) return <Spinner label={t('states.loading')} />;
  if (query.isError)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const sections = query.data.sections.filter((section) => section.articles.length > 0);
  if (sections.length === 0) return <Empty title={t('help.empty')} />;

  return (
    <div
      ref={rootRef}
      className={`content-help content-help--${layout}`}
      data-view={found ? 'article' : 'list'}
    >
      <nav className="content-help__nav" aria-label={t('help.sections')}>
        <SectionList
          sections={sections}
          activeArticleId={found?.article.id ?? null}
          onSelect={onArticleChange}
        />
      </nav>
      <div className="content-help__reader">
        {found ? (
          <article className="content-help__article">
            <Button
              variant="ghost"
              size="sm"
              className="content-help__back"
              onClick={() => onArticleChange(null)}
            >
              <span aria-hidden="true">‹ </span>
              {t('help.back')}
            </Button>
            <p className="content-help__breadcrumb">{found.section.title}</p>
            <h3 ref={headingRef} tabIndex={-1} className="content-help__article-title">
              {found.article.title}
            </h3>
            <div className="content-help__article-body">
              {paragraphs(found.article.content).map((text, index) => (
                <p key={index}>{text}</p>
              ))}
            </div>
          </article>
        ) : (
          <p className="content-help__prompt">{t('help.choose')}</p>
        )}
      </div>
    </div>
  );
}
