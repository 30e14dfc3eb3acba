import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HelpCenterView } from '../components/help-center';
import { useDocumentTitle } from '../lib/use-document-title';
import './pages.css';

/** /help and /helpmc. The open article lives in ?article= so it can be linked and survives a reload. */
export default function HelpPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const articleId = params.get('article');

  useDocumentTitle(t('help.title'));

  return (
    <div className="content-page">
      <h1 className="content-page__title">{t('help.title')}</h1>
      <HelpCenterView
        layout="page"
        articleId={articleId}
        onArticleChange={(id) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (id) next.set('article', id);
              else next.delete('article');
              return next;
            },
            // Opening an article is a step the Back button should undo; closing one is not.
            { replace: id === null },
          )
        }
      />
    </div>
  );
}
